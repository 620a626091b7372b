// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../../../src/web/i18n.ts';
import { LoginPage } from '../../../src/web/light/login-page.tsx';

/**
 * The login page puts the focus in the name field a frame after it is drawn. On a slow device that
 * frame can come after the person (or a password manager, or a test) has gone to the password
 * field: the focus must stay there, or what is typed next lands in the name (seen in CI: the name
 * field held "demodemo123" and the password field nothing).
 */
let frames: FrameRequestCallback[] = [];

beforeAll(async () => {
  await activateLocale('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  frames = [];
});

function draw() {
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  const view = render(
    <I18nProvider i18n={i18n}>
      <LoginPage go={() => undefined} />
    </I18nProvider>,
  );
  const field = (name: string) => view.container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  return { username: field('username'), password: field('password') };
}
const nextFrame = () => {
  for (const cb of frames.splice(0)) cb(performance.now());
};

describe('the login page’s first focus', () => {
  it('goes to the name field when nothing else has it', () => {
    const { username } = draw();
    nextFrame();
    expect(document.activeElement).toBe(username);
  });

  it('leaves the password field focused when the person got there first', () => {
    const { username, password } = draw();
    password.focus();
    nextFrame();
    expect(document.activeElement).toBe(password);
    expect(document.activeElement).not.toBe(username);
  });

  it('leaves a name already typed (or filled in) alone', () => {
    const { username } = draw();
    username.value = 'demo';
    username.blur();
    nextFrame();
    expect(document.activeElement).not.toBe(username);
  });
});
