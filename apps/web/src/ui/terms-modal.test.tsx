import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isScrolledToBottom, TermsModal } from './terms-modal';

// The API sends terms already sanitised (apps/api/src/lib/sanitise-html.ts).
const items = [{ id: 1, title: 'Direct Debit terms', html: '<p>Read me</p>' }];

/** happy-dom has no layout: give the scroll area the sizes a browser would. */
function fakeLayout(scrollHeight: number, clientHeight: number) {
  const proto = HTMLElement.prototype;
  const spies = [
    vi.spyOn(proto, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('terms-modal__scroll') ? scrollHeight : 0;
    }),
    vi.spyOn(proto, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('terms-modal__scroll') ? clientHeight : 0;
    }),
  ];
  return () => {
    for (const spy of spies) spy.mockRestore();
  };
}

const agreeButton = () => screen.getByRole('button', { name: 'I Agree' }) as HTMLButtonElement;

afterEach(cleanup);

describe('isScrolledToBottom', () => {
  it('allows 10px of tolerance', () => {
    expect(isScrolledToBottom({ scrollHeight: 1000, clientHeight: 300, scrollTop: 689 })).toBe(false);
    expect(isScrolledToBottom({ scrollHeight: 1000, clientHeight: 300, scrollTop: 690 })).toBe(true);
    expect(isScrolledToBottom({ scrollHeight: 200, clientHeight: 200, scrollTop: 0 })).toBe(true);
  });
});

describe('TermsModal', () => {
  it("keeps 'I Agree' disabled until the terms are scrolled to the bottom, then agrees and closes", () => {
    const restore = fakeLayout(1000, 300);
    const onAgree = vi.fn();
    const onClose = vi.fn();
    try {
      render(<TermsModal items={items} onAgree={onAgree} onClose={onClose} />);
      expect(screen.getByRole('heading', { name: 'Terms & conditions' })).toBeTruthy();
      expect(agreeButton().disabled).toBe(true);
      const scroller = document.querySelector('.terms-modal__scroll') as HTMLElement;
      scroller.scrollTop = 500;
      act(() => {
        fireEvent.scroll(scroller);
      });
      expect(agreeButton().disabled).toBe(true);
      scroller.scrollTop = 695;
      act(() => {
        fireEvent.scroll(scroller);
      });
      expect(agreeButton().disabled).toBe(false);
      fireEvent.click(agreeButton());
      expect(onAgree).toHaveBeenCalledOnce();
      expect(onClose).toHaveBeenCalledOnce();
    } finally {
      restore();
    }
  });

  it("enables 'I Agree' at once when the terms fit without scrolling", () => {
    const restore = fakeLayout(200, 300);
    try {
      render(<TermsModal items={items} onAgree={() => {}} onClose={() => {}} />);
      expect(agreeButton().disabled).toBe(false);
      expect(screen.getByText('Read me')).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("is read-only without onAgree: no 'I Agree', 'Cancel' or custom title lost", () => {
    const onClose = vi.fn();
    render(<TermsModal title="Terms and Conditions" items={items} onClose={onClose} />);
    expect(screen.getByRole('heading', { name: 'Terms and Conditions' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I Agree' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("closes with 'Cancel' without agreeing", () => {
    const onAgree = vi.fn();
    const onClose = vi.fn();
    render(<TermsModal items={items} onAgree={onAgree} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onAgree).not.toHaveBeenCalled();
  });
});
