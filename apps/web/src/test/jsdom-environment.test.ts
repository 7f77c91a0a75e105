import { describe, expect, it } from 'vitest';

describe('the web test environment', () => {
  it("gives fetch's Request a signal it accepts, as React Router's navigations need", () => {
    const controller = new AbortController();
    const request = new Request('http://localhost/Acme/admin', { signal: controller.signal });
    controller.abort();
    expect(request.signal.aborted).toBe(true);
  });

  it('removes a DOM listener when its signal aborts', () => {
    const controller = new AbortController();
    const button = document.createElement('button');
    let clicks = 0;
    button.addEventListener('click', () => clicks++, { signal: controller.signal });
    button.click();
    controller.abort();
    button.click();
    expect(clicks).toBe(1);
  });

  it('does not add a listener whose signal has already aborted', () => {
    let calls = 0;
    window.addEventListener('resize', () => calls++, { signal: AbortSignal.abort() });
    window.dispatchEvent(new Event('resize'));
    expect(calls).toBe(0);
  });
});
