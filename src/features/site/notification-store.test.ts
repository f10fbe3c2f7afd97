import {
  $notification,
  closeNotification,
  isCloseSwipe,
  NEVER,
  notify,
  pauseNotification,
  resumeNotification,
} from './notification-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
  closeNotification();
});
afterEach(() => vi.useRealTimers());

describe('the notification bar', () => {
  it('opens with a message and closes after its timeout', () => {
    notify('保存しました', { timeoutMs: 3_000 });
    expect($notification.get()).toMatchObject({ message: '保存しました', tone: 'info' });
    vi.advanceTimersByTime(2_999);
    expect($notification.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($notification.get()).toBeNull();
  });

  it('never closes by itself with a timeout of -1', () => {
    notify('お知らせ', { timeoutMs: NEVER });
    vi.advanceTimersByTime(24 * 3600_000);
    expect($notification.get()).not.toBeNull();
    closeNotification();
    expect($notification.get()).toBeNull();
  });

  it('pauses while hovered and resumes with the time that was left', () => {
    notify('お知らせ', { timeoutMs: 5_000 });
    vi.advanceTimersByTime(4_000);
    pauseNotification('hover');
    vi.advanceTimersByTime(60_000);
    expect($notification.get()).not.toBeNull();
    resumeNotification('hover');
    vi.advanceTimersByTime(999);
    expect($notification.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($notification.get()).toBeNull();
  });

  it('stays paused until every reason to pause has ended (hover and focus)', () => {
    notify('お知らせ', { timeoutMs: 1_000 });
    pauseNotification('hover');
    pauseNotification('focus');
    resumeNotification('hover');
    vi.advanceTimersByTime(5_000);
    expect($notification.get()).not.toBeNull();
    resumeNotification('focus');
    vi.advanceTimersByTime(1_000);
    expect($notification.get()).toBeNull();
  });

  it('gives errors longer than other messages by default', () => {
    notify('通信できませんでした', { tone: 'error' });
    vi.advanceTimersByTime(5_000);
    expect($notification.get()).not.toBeNull();
    vi.advanceTimersByTime(5_000);
    expect($notification.get()).toBeNull();
  });

  it('replaces an open message, and the old timer does not close the new one', () => {
    notify('ひとつめ', { timeoutMs: 1_000 });
    vi.advanceTimersByTime(900);
    notify('ふたつめ', { timeoutMs: 1_000 });
    vi.advanceTimersByTime(500);
    expect($notification.get()?.message).toBe('ふたつめ');
    vi.advanceTimersByTime(500);
    expect($notification.get()).toBeNull();
  });

  it('closes on a vertical swipe over 50 px, either way', () => {
    expect(isCloseSwipe(300, 250)).toBe(false);
    expect(isCloseSwipe(300, 249)).toBe(true);
    expect(isCloseSwipe(300, 351)).toBe(true);
    expect(isCloseSwipe(300, 340)).toBe(false);
  });
});
