// Real files for upload journeys, made by the tests: a one-page PDF and a short MP4 recorded by Chromium itself.
import type { Browser, Page } from 'playwright-core';
import { newContext } from './browser.ts';

/** A small, valid one-page PDF (the objects' byte offsets are computed, so readers accept it). */
export function onePagePdf(text = 'Curriculum Vitae'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Records about a second of an animated canvas as H.264 in MP4 with Chromium's MediaRecorder. */
export async function recordMp4(browser: Browser): Promise<Buffer> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.setContent('<canvas width="320" height="240"></canvas>');
    const base64 = await page.evaluate(async () => {
      const canvas = document.querySelector('canvas')!;
      const ctx = canvas.getContext('2d')!;
      const stream = canvas.captureStream(25);
      const recorder = new MediaRecorder(stream, { mimeType: 'video/mp4;codecs=avc1' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      let frame = 0;
      const timer = setInterval(() => {
        ctx.fillStyle = `hsl(${(frame * 12) % 360} 70% 45%)`;
        ctx.fillRect(0, 0, 320, 240);
        ctx.fillStyle = '#fff';
        ctx.font = '32px sans-serif';
        ctx.fillText(`Hello ${frame++}`, 60, 130);
      }, 40);
      recorder.start();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      recorder.stop();
      await stopped;
      clearInterval(timer);
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/mp4' }).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    });
    return Buffer.from(base64, 'base64');
  } finally {
    await context.close();
  }
}

/** Plays the page's <video> (muted, as autoplay rules ask) until it has really moved, and says how far and how wide. */
export async function playVideo(page: Page): Promise<{ time: number; width: number }> {
  const video = page.locator('video');
  await video.waitFor();
  return video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
    await new Promise<void>((resolve) => element.addEventListener('timeupdate', () => element.currentTime > 0.1 && resolve()));
    return { time: element.currentTime, width: element.videoWidth };
  });
}
