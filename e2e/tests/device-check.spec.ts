import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { createLessons, createParent, signInWithPassword } from '../fixtures/parents';
import { expect, expectAccessible, test, useLanguage, type Language } from '../fixtures/test';

/*
 * "Check my device" (issue #24) in Chromium with its fake camera and microphone (a test pattern
 * and a beep) and the permission prompt answered "Allow": the enter flow offers the check, the
 * camera and microphone show as working, the speaker takes the parent's answer, the network is
 * measured against our server, and the offer is gone once the checks have run.
 */
test.use({
  // launchOptions replaces the configuration's whole object: the browser's path comes along.
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      // The speaker's test tone starts from a press anyway; no autoplay prompt in headless runs.
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
  permissions: ['camera', 'microphone'],
});

const TEXTS = {
  en: {
    upcoming: 'Upcoming lessons',
    offerLink: 'Check my device first',
    cardLink: 'Check my device',
    title: 'Check my device',
    camera: 'Test camera',
    preview: 'Camera preview',
    microphone: 'Test microphone',
    play: 'Play test sound',
    heard: 'I heard it',
    network: 'Test network',
    working: 'Working',
    anyVerdict: /^(Working|Check this|Not working)$/,
    result: /^Round trip \d+ ms, download \d+(\.\d)? Mbit\/s\.$/,
    done: /All checks have run/,
  },
  zh_CN: {
    upcoming: '即将上课',
    offerLink: '先检测设备',
    cardLink: '设备检测',
    title: '设备检测',
    camera: '检测摄像头',
    preview: '摄像头预览',
    microphone: '检测麦克风',
    play: '播放测试音',
    heard: '听到了',
    network: '检测网络',
    working: '正常',
    anyVerdict: /^(正常|需注意|不可用)$/,
    result: /^往返时间 \d+ 毫秒，下载速度 \d+(\.\d)? 兆比特\/秒。$/,
    done: /所有检测已完成/,
  },
} as const satisfies Record<Language, Record<string, string | RegExp>>;

for (const language of ['en', 'zh_CN'] as const) {
  test(`a parent checks camera, microphone, speaker and network before class (${language})`, async ({
    page,
    consoleErrors,
  }) => {
    const text = TEXTS[language];
    const parent = await createParent(page, { password: 'secret123', language });
    // Mia's next lesson in 3 minutes: its classroom is open, so its card offers the check.
    await createLessons(page, parent, { firstInMinutes: 3 });
    await useLanguage(page, language);
    await signInWithPassword(page, parent);

    const offer = page.getByTestId('device-check-offer');
    await expect(offer).toHaveCount(1);
    await offer.getByRole('link', { name: text.offerLink }).click();
    await page.waitForURL('**/home/children/deviceCheck');
    await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();

    const check = (name: string) => page.getByTestId(`check-${name}`);
    const verdict = (name: string) => check(name).getByTestId('verdict');

    await page.getByRole('button', { name: text.camera }).click();
    await expect(verdict('camera')).toHaveText(text.working);
    const preview = page.getByLabel(text.preview);
    await expect(preview).toBeVisible();
    // The fake camera's picture is playing in the preview.
    await expect
      .poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth))
      .toBeGreaterThan(0);

    // The fake microphone beeps: the level meter hears it within the 8 s before "silent".
    await page.getByRole('button', { name: text.microphone }).click();
    await expect(verdict('microphone')).toHaveText(text.working, { timeout: 10_000 });

    await page.getByRole('button', { name: text.play }).click();
    await page.getByRole('button', { name: text.heard }).click();
    await expect(verdict('speaker')).toHaveText(text.working);

    // The result depends on the machine; that there is one, with its numbers, is the check.
    await page.getByRole('button', { name: text.network }).click();
    await expect(page.getByTestId('network-result')).toHaveText(text.result, { timeout: 20_000 });
    await expect(verdict('network')).toHaveText(text.anyVerdict);

    await expect(page.getByTestId('device-check-done')).toHaveText(text.done);
    expect(await page.evaluate(() => localStorage.getItem('deviceCheckedAt'))).toBeTruthy();
    await expectAccessible(page);

    // Back in the upcoming lessons: no offer any more, the card's own link stays.
    await page.goBack();
    await expect(page.getByRole('heading', { name: text.upcoming })).toBeVisible();
    await expect(
      page.getByTestId('lesson-card').first().getByRole('link', { name: text.cardLink }),
    ).toBeVisible();
    await expect(offer).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
}
