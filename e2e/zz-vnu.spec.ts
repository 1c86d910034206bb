import { mkdirSync, writeFileSync } from 'node:fs';
import { signUp, uniqueEmail } from './fixtures.ts';
import { publicPages, seed } from './public-pages.ts';
import { test } from './test.ts';

test('dump public pages for the Nu Html Checker', async ({ page, baseURL, browser }) => {
  test.setTimeout(300_000);
  await signUp(page, uniqueEmail('vnu'));
  const s = await seed(page, baseURL!);
  mkdirSync('.tmp/html', { recursive: true });
  const visitor = await browser.newContext({ baseURL });
  const v = await visitor.newPage();
  for (const [path, name] of publicPages(s)) {
    const raw = await v.request.get(path);
    writeFileSync(`.tmp/html/${name}-server.html`, await raw.text());
    await v.goto(path);
    await v.keyboard.press('Shift');
    await v.waitForTimeout(1500);
    writeFileSync(`.tmp/html/${name}-app.html`, await v.content());
  }
  await visitor.close();
});
