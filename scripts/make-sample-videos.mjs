#!/usr/bin/env node
/**
 * Generates the sample exercise clips served at /samples/<key>.(mp4|webm|jpg) (SPEC 9).
 * Each is a 4 s, 360x640, 15 fps seamless loop: a gradient background, a block figure doing the
 * exercise (two repetitions per loop) and the exercise name. The picture is one `geq` expression of
 * pixel position and time (drawbox cannot move in ffmpeg 5). Needs ffmpeg only here; the outputs are
 * committed, so nothing needs ffmpeg at run time. The per-pixel expressions take about a minute a clip.
 *
 *   node scripts/make-sample-videos.mjs [key ...]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'client/public/samples');
const SIZE_LIMIT = 150 * 1024;
const W = 360;
const H = 640;
const FPS = 15;
const SECONDS = 4;
const GROUND = 520;
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];

// 0 -> 1 -> 0 twice per 4 s loop (slow reps) and four times (fast reps); both loop seamlessly.
const S = '((1-cos(2*PI*T/2))/2)';
const F = '((1-cos(2*PI*T))/2)';

/** A filled rectangle as a pixel-membership term; `head` boxes are painted yellow, the rest white. */
const box = (x, y, w, h, color = 'white') => ({
  color,
  expr: `between(X,${x},(${x})+(${w}))*between(Y,${y},(${y})+(${h}))`,
});

/** A standing figure: head, torso, legs; `lift` raises it (jumps), `legs` is the leg height. */
function standing({ lift = '0', legs = '120', legsW = '36', armsW = '110', armsUp = '0' } = {}) {
  const legsY = `(${GROUND}-(${legs})-(${lift}))`;
  const torsoY = `(${legsY}-110)`;
  return [
    box(`180-(${legsW})/2`, legsY, legsW, legs),
    box('162', torsoY, '36', '110'),
    box(`180-(${armsW})/2`, `${torsoY}+8-(${armsUp})`, armsW, '14'),
    box('160', `${torsoY}-46`, '40', '40', 'yellow'),
  ];
}

/** A figure lying along the ground, its body `rise` pixels off the floor (push-ups, planks). */
function lying(rise) {
  const bodyY = `(${GROUND}-40-(${rise}))`;
  return [
    box('70', bodyY, '210', '26'),
    box('250', `${bodyY}+26`, '14', `${GROUND}-(${bodyY}+26)`),
    box('286', `${bodyY}-10`, '40', '40', 'yellow'),
  ];
}

const EXERCISES = {
  'push-ups': { name: 'PUSH-UPS', colors: ['0xff5f6d', '0xffc371'], figure: lying(`40-36*${S}`) },
  squats: { name: 'SQUATS', colors: ['0x00c6ff', '0x0072ff'], figure: standing({ legs: `120-60*${S}` }) },
  planks: {
    name: 'PLANKS',
    colors: ['0x11998e', '0x38ef7d'],
    figure: [...lying('20'), box('30', '560', `300*T/${SECONDS}`, '16', 'yellow')],
  },
  hiit: {
    name: 'HIIT',
    colors: ['0xf12711', '0xf5af19'],
    figure: standing({ lift: `70*${F}`, armsUp: `40*${F}` }),
  },
  burpees: {
    name: 'BURPEES',
    colors: ['0x8e2de2', '0x4a00e0'],
    figure: [
      box(`180-(36+164*${S})/2`, `${GROUND}-(230-200*${S})`, `36+164*${S}`, `230-200*${S}`),
      box(
        `180+(36+164*${S})/2-40*${S}-20*(1-${S})`,
        `${GROUND}-(230-200*${S})-46+36*${S}`,
        '40',
        '40',
        'yellow',
      ),
    ],
  },
  'jumping-jacks': {
    name: 'JUMPING JACKS',
    colors: ['0xfc466b', '0x3f5efb'],
    figure: standing({ legsW: `36+90*${F}`, armsW: `60+200*${F}`, armsUp: `70*${F}`, lift: `20*${F}` }),
  },
  'sit-ups': {
    name: 'SIT-UPS',
    colors: ['0xee0979', '0xff6a00'],
    figure: [
      box('150', `${GROUND}-24`, '170', '24'),
      box('110', `${GROUND}-(30+110*${S})`, '40', `30+110*${S}`),
      box('110', `${GROUND}-(30+110*${S})-46`, '40', '40', 'yellow'),
    ],
  },
  lunges: {
    name: 'LUNGES',
    colors: ['0x43cea2', '0x185a9d'],
    figure: standing({ legs: `120-45*${S}`, legsW: `36+110*${S}` }),
  },
};

function hasEncoder(name) {
  const out = spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' });
  if (out.error) throw new Error('ffmpeg not found: apt-get install -y ffmpeg');
  return out.stdout.split('\n').some((line) => line.split(/\s+/)[2] === name);
}

const rgb = (hex) => [16, 8, 0].map((shift) => (Number.parseInt(hex, 16) >> shift) & 255);
const COLORS = { white: [255, 255, 255], yellow: [255, 221, 0], ground: [20, 20, 40] };

/** geq channel expression: the figure's colour where a box covers the pixel, else the gradient. */
function channel(spec, i) {
  const [a, b] = spec.colors.map(rgb);
  let expr = `(${a[i]}+(${b[i] - a[i]})*(X+Y)/${W + H})`;
  const boxes = [box('0', `${GROUND}`, `${W}`, '6', 'ground'), ...spec.figure];
  for (const b2 of boxes) expr = `if(${b2.expr},${COLORS[b2.color][i]},${expr})`;
  return expr;
}

function filterGraph(spec, font) {
  const parts = [
    `color=c=black:s=${W}x${H}:r=${FPS}:d=${SECONDS}`,
    'format=gbrp',
    `geq=r='${channel(spec, 0)}':g='${channel(spec, 1)}':b='${channel(spec, 2)}'`,
  ];
  if (font) {
    const text = (t, size, y) =>
      `drawtext=fontfile=${font}:text='${t}':fontsize=${size}:fontcolor=white:x=(w-text_w)/2:y=${y}:box=1:boxcolor=black@0.35:boxborderw=12`;
    // Cards show the clip cropped to 3:4 (rows 80 to 560 of 640): the name sits inside that crop, box included;
    // the small credit line is only seen in the full-height feed.
    parts.push(text(spec.name, spec.name.length > 10 ? 32 : 40, 100), text('SweatPact sample', 20, H - 70));
  }
  parts.push('format=yuv420p');
  return parts.join(',');
}

function run(args) {
  const out = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`ffmpeg failed: ${out.stderr}`);
}

function main() {
  const keys = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(EXERCISES);
  const font = FONT_CANDIDATES.find((f) => fs.existsSync(f)) ?? null;
  const h264 = hasEncoder('libx264');
  fs.mkdirSync(outDir, { recursive: true });
  if (!font) console.warn('No font found: clips get no title text');
  if (!h264)
    console.warn('libx264 missing: writing VP9 webm; update SAMPLE_VIDEO_EXTENSION in shared/api/media.ts');

  for (const key of keys) {
    const spec = EXERCISES[key];
    if (!spec) throw new Error(`Unknown exercise key ${key}; known: ${Object.keys(EXERCISES).join(', ')}`);
    const graph = filterGraph(spec, font);
    const video = path.join(outDir, `${key}.${h264 ? 'mp4' : 'webm'}`);
    const codec = h264
      ? [
          '-c:v',
          'libx264',
          '-preset',
          'veryslow',
          '-crf',
          '32',
          '-pix_fmt',
          'yuv420p',
          '-movflags',
          '+faststart',
        ]
      : ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '45', '-pix_fmt', 'yuv420p'];
    run([
      '-f',
      'lavfi',
      '-i',
      graph,
      '-t',
      String(SECONDS),
      '-an',
      ...codec,
      '-g',
      String(FPS * SECONDS),
      video,
    ]);
    const poster = path.join(outDir, `${key}.jpg`);
    // The poster is the frame at 1 s of the finished clip (rendering the graph again is slow).
    run(['-ss', '1', '-i', video, '-frames:v', '1', '-q:v', '7', poster]);
    for (const file of [video, poster]) {
      const { size } = fs.statSync(file);
      if (size > SIZE_LIMIT) throw new Error(`${path.basename(file)} is ${size} bytes, over ${SIZE_LIMIT}`);
      console.log(`${path.relative(root, file)}  ${(size / 1024).toFixed(1)} KB`);
    }
  }
}

main();
