import { QueryClient, dehydrate } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { rememberForServer, takeDrawnAnswers } from './drawn-screen';

afterEach(async () => {
  document.body.innerHTML = '';
  document.cookie = 'tz=; path=/; max-age=0';
  document.cookie = 'lang=; path=/; max-age=0';
  await changeLanguage('en');
});

/** A #root as the server sends it, holding `answers` (decision 056). */
function rootWith(answers: string, drawn = true) {
  const root = document.body.appendChild(document.createElement('div'));
  if (drawn) root.setAttribute('data-drawn', '');
  root.innerHTML = `<p>screen</p><script type="application/json" id="drawn-state">${answers}</script>`;
  return root;
}

function drawnState() {
  const server = new QueryClient();
  server.setQueryData(['profile'], { name: 'Li Wei' });
  return JSON.stringify(dehydrate(server));
}

describe("a drawn screen's answers (decision 056)", () => {
  it("go into the app's cache before it draws", () => {
    const client = new QueryClient();
    takeDrawnAnswers(client, rootWith(drawnState()));
    expect(client.getQueryData(['profile'])).toEqual({ name: 'Li Wei' });
  });

  it('are not taken from a page the document dropped, nor when they do not read', () => {
    const client = new QueryClient();
    takeDrawnAnswers(client, rootWith(drawnState(), false));
    takeDrawnAnswers(client, rootWith('{"queries": nope'));
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});

describe("the browser's zone and the app's language, remembered for the server", () => {
  it('are cookies of the whole site, the language kept as the parent changes it', async () => {
    rememberForServer();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(document.cookie).toContain(`tz=${encodeURIComponent(zone)}`);
    expect(document.cookie).toContain('lang=en');
    await changeLanguage('zh_CN');
    expect(document.cookie).toContain('lang=zh_CN');
  });
});
