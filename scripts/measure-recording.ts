// What a recording made in the page comes to, with the recorder's own settings (VIDEO_RECORDING): records for
// --seconds (60 by default) in headless Chromium and prints the container, the picture's size and the bytes.
//
//   npm run bench:recording                          Chromium's fake camera (a moving test picture and a tone)
//   npm run bench:recording -- --y4m person.y4m      a camera file (Chromium plays it in a loop as the camera)
//   npm run bench:recording -- --photo person.jpg    a y4m made first from a photograph of a person: 720x1280,
//                                                    a slow hand-held drift and a camera sensor's grain
//   --type 'video/webm;codecs=vp8,opus'              another container or codec than the recorder's choice
//   --keep recording.mp4                             keeps what was recorded
//
// The fake camera's picture is simple and compresses far better than a face filmed by a phone; the file is the
// nearer figure (docs/video.md, "Sizes").
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { chromium } from 'playwright-core';
import { VIDEO_RECORDING } from '../shared/constants.ts';

const run = promisify(execFile);
const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '60' }, y4m: { type: 'string' }, photo: { type: 'string' }, type: { type: 'string' }, keep: { type: 'string' } },
});
const seconds = Number(values.seconds);

/** A y4m of `photo` as a phone would film it: portrait 720x1280 at 24 fps, drifting slowly, with sensor grain. */
async function y4mFromPhoto(photo: string, dir: string): Promise<string> {
  const out = path.join(dir, 'person.y4m');
  const ffmpeg = process.env.FFMPEG_PATH ?? ffmpegInstaller.path;
  await run(ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-framerate', '24', '-i', photo, '-t', '8',
    '-vf', [
      // Portrait, a little larger than the frame so it can move within it.
      'scale=-2:1400', 'crop=788:1400',
      // A hand holding the phone: a slow drift and a small tremor.
      "crop=720:1280:x='34+30*sin(t*0.8)+4*sin(t*7)':y='60+40*sin(t*0.5)+4*cos(t*9)'",
      // A phone camera's grain, new in every frame, and light that varies a little.
      'noise=alls=3:allf=t', "eq=brightness='0.02*sin(t*1.3)'", 'format=yuv420p',
    ].join(','),
    '-f', 'yuv4mpegpipe', out,
  ]);
  return out;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-recording-'));
try {
  const y4m = values.photo ? await y4mFromPhoto(values.photo, dir) : values.y4m;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
      ...(y4m ? [`--use-file-for-fake-video-capture=${path.resolve(y4m)}`] : []),
    ],
  });
  try {
    const page = await (await browser.newContext()).newPage();
    // A secure origin for the camera (localhost is one), answered by the browser itself: no server needed.
    await page.route('http://localhost/', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>recording</title>' }));
    await page.goto('http://localhost/');
    const result = await page.evaluate(
      async ({ settings, seconds, only }) => {
        const types = only ? [only] : settings.types;
        const mimeType = types.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
        const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', ...settings.video }, audio: settings.audio });
        const recorder = new MediaRecorder(media, { mimeType, videoBitsPerSecond: settings.videoBitsPerSecond, audioBitsPerSecond: settings.audioBitsPerSecond });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        const stopped = new Promise((resolve) => (recorder.onstop = resolve));
        recorder.start(1000);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        recorder.stop();
        await stopped;
        const track = media.getVideoTracks()[0]!.getSettings();
        media.getTracks().forEach((t) => t.stop());
        const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return { mimeType: recorder.mimeType, base64: btoa(binary), width: track.width, height: track.height, frameRate: track.frameRate };
      },
      { settings: VIDEO_RECORDING, seconds, only: values.type },
    );
    // What was recorded, as ffprobe reads it: a busy machine's encoder drops frames rather than exceed the bitrate.
    const file = path.join(dir, 'recording');
    const recorded = Buffer.from(result.base64, 'base64');
    await writeFile(file, recorded);
    if (values.keep) await writeFile(values.keep, recorded);
    const { stdout } = await run(process.env.FFPROBE_PATH ?? ffprobeInstaller.path, [
      '-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'json', file,
    ]);
    const stream = (JSON.parse(stdout) as { streams: { codec_name: string; width: number; height: number; nb_read_frames: string }[] }).streams[0]!;
    const source = values.photo ? `a photo made a camera file (${values.photo})` : y4m ? `camera file ${y4m}` : "Chromium's fake camera";
    console.log(`${source}: ${seconds} s, ${result.mimeType}, camera ${result.width}x${result.height} at ${result.frameRate} fps`);
    console.log(`recorded: ${stream.codec_name} ${stream.width}x${stream.height}, ${stream.nb_read_frames} frames (${(Number(stream.nb_read_frames) / seconds).toFixed(1)} a second)`);
    const bytes = recorded.length;
    console.log(`RESULT bytes=${bytes} MB=${(bytes / 1e6).toFixed(2)} Mbit/s=${((bytes * 8) / seconds / 1e6).toFixed(2)}`);
  } finally {
    await browser.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
