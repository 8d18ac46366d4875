import { start, newPage, watchFirstVisible } from "./harness.mjs";
const { base, browser, stop } = await start();
for (let i = 0; i < 4; i++) {
  const page = await newPage(browser);
  await page.addInitScript(watchFirstVisible);
  await page.goto(base);
  await page.waitForFunction(() => window.__visible.first !== null);
  console.log(await page.evaluate(() => [...performance.getEntriesByType("mark").map((m) => `${m.name} ${Math.round(m.startTime)}`), `visible ${Math.round(window.__visible.first)}`].join(", ")));
  await page.close();
}
await stop();
