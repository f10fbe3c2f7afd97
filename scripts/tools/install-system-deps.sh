#!/usr/bin/env bash
# What a fresh Debian machine needs beyond npm for the browser tests: Chromium and its headless shell
# (Playwright drives /usr/bin/chromium-headless-shell and /usr/bin/chromium, scripts/tools/browsers.mjs; its
# own browser download cannot work here), Japanese fonts, ffmpeg for the fake camera, and for the WebKit
# suite (tests/webkit/) WebKitGTK's WebDriver (webkit2gtk-driver, which brings the engine and its
# MiniBrowser), a virtual X display (xvfb-run, from xvfb) and glibc's locale sources (locales; the suite
# compiles the browser languages it needs from them), and PostgreSQL (postgresql: the reference API's tests
# run against a throwaway server of it as well as against the embedded database).
# Idempotent: installs only what is missing. Needs root (or sudo).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
# Chromium without its interface, the browser most end-to-end specs run in (playwright.config.ts).
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
# Not `grep -q`: it stops reading at the first match, and with pipefail fc-list, killed by SIGPIPE, would
# count the fonts as missing.
fc-list 2>/dev/null | grep -i 'Noto Sans CJK' >/dev/null || missing+=(fonts-noto-cjk)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
# With the GStreamer elements WebKitGTK recommends: its camera and video go through them (the suite was
# written against a machine that had them).
command -v WebKitWebDriver >/dev/null 2>&1 ||
  missing+=(webkit2gtk-driver gstreamer1.0-gl gstreamer1.0-plugins-bad gstreamer1.0-libav)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb xauth)
[ -d /usr/share/i18n/locales ] && command -v localedef >/dev/null 2>&1 || missing+=(locales)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi
echo "system packages: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" fontconfig >/dev/null
