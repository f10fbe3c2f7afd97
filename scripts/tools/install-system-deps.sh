#!/usr/bin/env bash
# What a fresh Debian machine needs beyond npm for the browser tests: Chromium (Playwright drives
# /usr/bin/chromium; its own browser download cannot work here), Japanese fonts, and ffmpeg for the fake
# camera. Idempotent: installs only what is missing. Needs root (or sudo).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
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
