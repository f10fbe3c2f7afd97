// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NotificationBar } from './NotificationBar.tsx';
import { $notification, closeNotification, notify } from './notification-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
  closeNotification();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the notification bar', () => {
  it('shows the message in a polite live region and closes after its timeout', () => {
    render(<NotificationBar />);
    act(() => void notify('保存しました', { timeoutMs: 2_000 }));
    expect(screen.getByRole('status').textContent).toContain('保存しました');
    act(() => void vi.advanceTimersByTime(2_000));
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('pauses while hovered', () => {
    render(<NotificationBar />);
    act(() => void notify('保存しました', { timeoutMs: 2_000 }));
    fireEvent.mouseEnter(screen.getByTestId('notification'));
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('notification')).toBeTruthy();
    fireEvent.mouseLeave(screen.getByTestId('notification'));
    act(() => void vi.advanceTimersByTime(2_000));
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('closes on a vertical swipe over 50 px, not on a shorter one', () => {
    render(<NotificationBar />);
    act(() => void notify('お知らせ', { timeoutMs: -1 }));
    const bar = screen.getByTestId('notification');
    fireEvent.pointerDown(bar, { clientY: 400 });
    fireEvent.pointerUp(bar, { clientY: 440 });
    expect($notification.get()).not.toBeNull();
    fireEvent.pointerDown(bar, { clientY: 400 });
    act(() => void fireEvent.pointerUp(bar, { clientY: 460 }));
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('closes with its button', () => {
    render(<NotificationBar />);
    act(() => void notify('お知らせ', { timeoutMs: -1 }));
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'お知らせを閉じる' })));
    expect($notification.get()).toBeNull();
  });
});
