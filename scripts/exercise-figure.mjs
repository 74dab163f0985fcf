/**
 * A flat-style figure doing an exercise, as SVG (scripts/make-sample-videos.mjs renders it to clips).
 * Poses are computed joints: a few angles per exercise plus two-bone IK for hands and feet that stay on the floor,
 * so a squat's feet and a push-up's hands do not slide. Coordinates: a 360x640 portrait frame, y down, floor at 430.
 */

export const W = 360;
export const H = 640;
const FLOOR = 430;
const L = { torso: 104, neck: 12, head: 23, upper: 60, fore: 56, thigh: 84, shin: 82, foot: 24 };
const SKIN = '#f1b98c';
const SKIN_FAR = '#d99a6c';
const HAIR = '#2b2118';
const SHORTS = '#1e2a4a';
const SHORTS_FAR = '#141c33';
const SHOE = '#1b1b1f';

const rad = (deg) => (deg * Math.PI) / 180;
/** A point `len` away from `p` at `deg` degrees from straight down (90 = right, 180 = up). */
const seg = (p, deg, len) => [p[0] + Math.sin(rad(deg)) * len, p[1] + Math.cos(rad(deg)) * len];
const mix = (a, b, t) => a + (b - a) * t;
/** 0 -> 1 -> 0 over one period, eased. */
const wave = (t) => (1 - Math.cos(2 * Math.PI * t)) / 2;
/** Smoothstep between keyframes. */
const ease = (t) => t * t * (3 - 2 * t);

/** The middle joint of a two-bone chain from `root` reaching `target`; `bend` 1 or -1 picks the side. */
function ik(root, target, a, b, bend) {
  const dx = target[0] - root[0];
  const dy = target[1] - root[1];
  const d = Math.min(Math.max(Math.hypot(dx, dy), Math.abs(a - b) + 0.01), a + b - 0.01);
  const base = Math.atan2(dy, dx);
  const alpha = Math.acos((a * a + d * d - b * b) / (2 * a * d));
  const angle = base + bend * alpha;
  const mid = [root[0] + Math.cos(angle) * a, root[1] + Math.sin(angle) * a];
  // The end lies on the line from the middle joint towards the target, b away (the target itself when reachable).
  const ex = target[0] - mid[0];
  const ey = target[1] - mid[1];
  const e = Math.hypot(ex, ey) || 1;
  return [mid, [mid[0] + (ex / e) * b, mid[1] + (ey / e) * b]];
}

/** Torso and head from the hip: `torso` degrees (180 upright), `headTilt` added for the neck. */
function trunk(hip, torso, headTilt = 0) {
  const shoulder = seg(hip, torso, L.torso);
  const head = seg(shoulder, torso + headTilt, L.neck + L.head);
  return { hip, shoulder, head, headAngle: torso + headTilt };
}

function armAngles(shoulder, upper, fore) {
  const elbow = seg(shoulder, upper, L.upper);
  return [elbow, seg(elbow, fore, L.fore)];
}

function legAngles(hip, thigh, shin, foot = 90) {
  const knee = seg(hip, thigh, L.thigh);
  const ankle = seg(knee, shin, L.shin);
  return [knee, ankle, seg(ankle, foot, L.foot)];
}

/** A leg whose foot is planted: IK from the hip to the ankle, the knee bending forward (to the right). */
function plantedLeg(hip, ankle, foot = 90, bend = -1) {
  const [knee, end] = ik(hip, ankle, L.thigh, L.shin, bend);
  return [knee, end, seg(end, foot, L.foot)];
}

function plantedArm(shoulder, hand, bend = 1) {
  return ik(shoulder, hand, L.upper, L.fore, bend);
}

/** Each exercise: a palette (background from, to; shirt) and the pose at loop time t in [0, 1). */
export const EXERCISES = {
  'push-ups': {
    name: 'Push-ups',
    colors: ['#ff7a59', '#ffb36b', '#ffffff'],
    scale: 0.84,
    pose(t) {
      const s = wave(t * 2);
      const toe = [30, FLOOR];
      const ankle = [toe[0] + 4, FLOOR - L.foot + 2];
      const at = (lift) => seg(seg(ankle, 90 + lift, L.thigh + L.shin), 90 + lift, L.torso);
      // The hands stay where the straight-armed shoulders are, so the body pivots on the toes and the palms.
      const hand = [at(20)[0] + 2, FLOOR];
      const lift = mix(20, 7, s);
      const hip = seg(ankle, 90 + lift, L.thigh + L.shin);
      const body = trunk(hip, 90 + lift, -12);
      const leg = [seg(hip, 270 + lift, L.thigh), ankle, toe];
      return { view: 'side', ...body, near: { arm: plantedArm(body.shoulder, hand, 1), leg }, far: null };
    },
  },
  squats: {
    name: 'Squats',
    colors: ['#3aa0ff', '#6fd3ff', '#ffe066'],
    pose(t) {
      const s = wave(t * 2);
      const ankle = [176, FLOOR - 10];
      const hip = [mix(178, 132, s), mix(ankle[1] - L.thigh - L.shin + 2, FLOOR - 102, s)];
      const body = trunk(hip, mix(176, 138, s), mix(0, 18, s));
      const reach = mix(20, 92, s);
      return {
        view: 'side',
        ...body,
        near: { arm: armAngles(body.shoulder, reach, reach), leg: plantedLeg(hip, ankle) },
        far: {
          arm: armAngles(body.shoulder, reach - 6, reach - 4),
          leg: plantedLeg(hip, [ankle[0] - 8, ankle[1]]),
        },
      };
    },
  },
  planks: {
    name: 'Plank',
    colors: ['#16a394', '#5ee0a0', '#ffffff'],
    scale: 0.84,
    pose(t) {
      const breathe = wave(t) * 2;
      const toe = [34, FLOOR];
      const ankle = [toe[0] + 4, FLOOR - L.foot + 2];
      const lift = 13 + breathe * 0.4;
      const hip = seg(ankle, 90 + lift, L.thigh + L.shin);
      const body = trunk(hip, 90 + lift - 1, -12);
      const elbow = [body.shoulder[0] + 2, FLOOR - 6];
      const forearm = [elbow, [elbow[0] + L.fore, FLOOR - 6]];
      const leg = [seg(hip, 270 + lift, L.thigh), ankle, toe];
      return { view: 'side', ...body, near: { arm: forearm, leg }, far: null, timer: t };
    },
  },
  hiit: {
    name: 'High knees',
    colors: ['#ff4d6d', '#ff9f43', '#ffffff'],
    pose(t) {
      // Two strides a loop: each knee comes up twice, the opposite arm swinging forward with it.
      const swing = Math.sin(2 * Math.PI * t * 2);
      const bounce = Math.abs(swing) * 8;
      const hip = [180, FLOOR - 10 - L.thigh - L.shin - bounce];
      const body = trunk(hip, 176, 0);
      const knee = (up) => {
        const k = Math.max(0, up) ** 0.8;
        return legAngles(hip, mix(2, 96, k), mix(0, -6, k), mix(90, 100, k));
      };
      const arm = (sw) => armAngles(body.shoulder, 42 * sw, 42 * sw + 95);
      return {
        view: 'side',
        ...body,
        near: { arm: arm(swing), leg: knee(-swing) },
        far: { arm: arm(-swing), leg: knee(swing) },
      };
    },
  },
  burpees: {
    name: 'Burpees',
    colors: ['#8b5cf6', '#c084fc', '#fde047'],
    scale: 0.84,
    pose(t) {
      // Key poses: stand, squat with hands down, plank, squat, jump; the loop is one burpee.
      const keys = [
        { hip: [228, FLOOR - 174], torso: 178, arm: [8, 8], legs: 'stand' },
        { hip: [186, FLOOR - 54], torso: 122, hand: [290, FLOOR - 4], legs: 'squat' },
        { hip: [190, FLOOR - 80], torso: 110, hand: [290, FLOOR - 4], legs: 'plank' },
        { hip: [186, FLOOR - 54], torso: 122, hand: [290, FLOOR - 4], legs: 'squat' },
        { hip: [228, FLOOR - 174], torso: 178, arm: [160, 172], legs: 'stand' },
        { hip: [228, FLOOR - 222], torso: 180, arm: [172, 178], legs: 'jump' },
        { hip: [228, FLOOR - 174], torso: 178, arm: [8, 8], legs: 'stand' },
      ];
      const pos = t * (keys.length - 1);
      const i = Math.min(Math.floor(pos), keys.length - 2);
      const f = ease(pos - i);
      const a = keys[i];
      const b = keys[i + 1];
      const hip = [mix(a.hip[0], b.hip[0], f), mix(a.hip[1], b.hip[1], f)];
      const body = trunk(hip, mix(a.torso, b.torso, f), 0);
      const handOf = (k) => k.hand ?? seg(seg(body.shoulder, k.arm[0], L.upper), k.arm[1], L.fore);
      const ha = handOf(a);
      const hb = handOf(b);
      const hand = [mix(ha[0], hb[0], f), mix(ha[1], hb[1], f)];
      const footOf = (k) => {
        if (k.legs === 'plank') return [34, FLOOR - 23];
        if (k.legs === 'jump') return [230, FLOOR - 58];
        return [228, FLOOR - 10];
      };
      const fa = footOf(a);
      const fb = footOf(b);
      const ankle = [mix(fa[0], fb[0], f), mix(fa[1], fb[1], f)];
      const plank = a.legs === 'plank' || b.legs === 'plank';
      const leg = plantedLeg(hip, ankle, plank ? mix(90, 10, plank ? 1 - Math.abs(0.5 - f) * 2 : 0) : 90, -1);
      return {
        view: 'side',
        ...body,
        near: { arm: plantedArm(body.shoulder, hand, 1), leg },
        far: {
          arm: plantedArm(body.shoulder, [hand[0] - 8, hand[1]], 1),
          leg: plantedLeg(hip, [ankle[0] - 8, ankle[1]]),
        },
      };
    },
  },
  'jumping-jacks': {
    name: 'Jumping jacks',
    colors: ['#f59e0b', '#fcd34d', '#1e3a8a'],
    pose(t) {
      const s = wave(t * 4);
      const jump = Math.sin(Math.PI * ((t * 8) % 1)) * 14;
      const hip = [180, FLOOR - 10 - L.thigh - L.shin + 4 - jump];
      const body = trunk(hip, 180, 0);
      const spread = mix(4, 22, s);
      const arm = mix(14, 166, s);
      const sh = (side) => [body.shoulder[0] + side * 20, body.shoulder[1] + 6];
      return {
        view: 'front',
        ...body,
        near: {
          arm: armAngles(sh(1), arm, arm + 6),
          leg: legAngles([hip[0] + 10, hip[1]], spread, spread, 90),
        },
        far: {
          arm: armAngles(sh(-1), -arm, -arm - 6),
          leg: legAngles([hip[0] - 10, hip[1]], -spread, -spread, 270),
        },
      };
    },
  },
  'sit-ups': {
    name: 'Sit-ups',
    colors: ['#0ea5e9', '#22d3ee', '#f472b6'],
    pose(t) {
      const s = wave(t * 2);
      const hip = [196, FLOOR - 14];
      const torso = mix(266, 158, s);
      const body = trunk(hip, torso, mix(6, 16, s));
      const ankle = [hip[0] + 120, FLOOR - 12];
      // Arms reach along the body towards the knees.
      const arm = (d) => armAngles(body.shoulder, torso - 172 + d, torso - 178 + d);
      return {
        view: 'side',
        ...body,
        near: { arm: arm(0), leg: plantedLeg(hip, ankle, 90, -1) },
        far: { arm: arm(-6), leg: plantedLeg(hip, [ankle[0] - 6, ankle[1]], 90, -1) },
      };
    },
  },
  lunges: {
    name: 'Lunges',
    colors: ['#22c55e', '#a3e635', '#ffffff'],
    pose(t) {
      const s = wave(t * 2);
      const front = [232, FLOOR - 10];
      const back = [112, FLOOR - 8];
      const hip = [172, mix(FLOOR - 10 - L.thigh - L.shin + 18, FLOOR - 92, s)];
      const body = trunk(hip, 178, 0);
      const hands = seg(body.shoulder, 6, L.upper);
      return {
        view: 'side',
        ...body,
        near: { arm: armAngles(body.shoulder, 4, 10), leg: plantedLeg(hip, front, 90, -1) },
        far: {
          arm: [hands, seg(hands, 12, L.fore)],
          leg: plantedLeg(hip, back, mix(40, 10, s), -1),
        },
      };
    },
  },
};

const line = (a, b, width, color) =>
  `<line x1="${a[0].toFixed(1)}" y1="${a[1].toFixed(1)}" x2="${b[0].toFixed(1)}" y2="${b[1].toFixed(1)}" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;
const along = (a, b, f) => [mix(a[0], b[0], f), mix(a[1], b[1], f)];

function limbSvg(root, limb, kind, far, shirt) {
  if (!limb) return '';
  const skin = far ? SKIN_FAR : SKIN;
  if (kind === 'arm') {
    const [elbow, hand] = limb;
    const sleeve = along(root, elbow, 0.45);
    return (
      line(root, elbow, 17, skin) +
      line(elbow, hand, 15, skin) +
      line(root, sleeve, 20, far ? shade(shirt) : shirt)
    );
  }
  const [knee, ankle, toe] = limb;
  const shorts = far ? SHORTS_FAR : SHORTS;
  return (
    line(knee, ankle, 20, skin) +
    line(root, knee, 24, skin) +
    line(root, along(root, knee, 0.6), 30, shorts) +
    line(ankle, toe, 15, SHOE)
  );
}

/** A slightly darker version of a #rrggbb color (the far side's sleeve). */
function shade(hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = (v) =>
    Math.round(v * 0.82)
      .toString(16)
      .padStart(2, '0');
  return `#${c(n >> 16)}${c((n >> 8) & 255)}${c(n & 255)}`;
}

function headSvg(pose) {
  const [x, y] = pose.head;
  const u = [Math.sin(rad(pose.headAngle)), Math.cos(rad(pose.headAngle))];
  if (pose.view === 'front') {
    return `<circle cx="${x}" cy="${y - 3}" r="${L.head + 1}" fill="${HAIR}"/><circle cx="${x}" cy="${y + 3}" r="${L.head - 2}" fill="${SKIN}"/>`;
  }
  // The face looks to the right of the head's axis: hair at the back and top.
  const front = [-u[1], u[0]];
  const hx = x - front[0] * 5 + u[0] * 3;
  const hy = y - front[1] * 5 + u[1] * 3;
  return (
    `<circle cx="${hx.toFixed(1)}" cy="${hy.toFixed(1)}" r="${L.head}" fill="${HAIR}"/>` +
    `<circle cx="${(x + front[0] * 3).toFixed(1)}" cy="${(y + front[1] * 3).toFixed(1)}" r="${L.head - 2}" fill="${SKIN}"/>`
  );
}

function figureSvg(pose, shirt) {
  const shoulders = (side) =>
    pose.view === 'front' ? [pose.shoulder[0] + side * 20, pose.shoulder[1] + 6] : pose.shoulder;
  const hips = (side) => (pose.view === 'front' ? [pose.hip[0] + side * 10, pose.hip[1]] : pose.hip);
  const far = pose.far;
  return [
    far ? limbSvg(hips(-1), far.leg, 'leg', true, shirt) : '',
    far ? limbSvg(shoulders(-1), far.arm, 'arm', true, shirt) : '',
    line(pose.hip, pose.shoulder, pose.view === 'front' ? 58 : 44, shirt),
    pose.view === 'front'
      ? line([pose.hip[0] - 14, pose.hip[1]], [pose.hip[0] + 14, pose.hip[1]], 32, SHORTS)
      : '',
    limbSvg(hips(1), pose.near.leg, 'leg', false, shirt),
    headSvg(pose),
    limbSvg(shoulders(1), pose.near.arm, 'arm', false, shirt),
  ].join('');
}

/** The figure's horizontal extent, for its floor shadow. */
function extent(pose) {
  const xs = [pose.hip[0], pose.shoulder[0], pose.head[0]];
  for (const side of [pose.near, pose.far]) {
    if (!side) continue;
    for (const p of [...(side.arm ?? []), ...(side.leg ?? [])]) xs.push(p[0]);
  }
  return [Math.min(...xs), Math.max(...xs)];
}

/** One frame as a whole SVG document: background, floor, shadow, figure (and the plank's hold ring). */
export function frameSvg(key, t, { background = true } = {}) {
  const exercise = EXERCISES[key];
  const [from, to, shirt] = exercise.colors;
  const pose = exercise.pose(t);
  const [e0, e1] = extent(pose);
  const k = exercise.scale ?? 1;
  const [x0, x1] = [W / 2 + (e0 - W / 2) * k, W / 2 + (e1 - W / 2) * k];
  const parts = [];
  if (background) {
    parts.push(
      `<defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
      `<rect width="${W}" height="${H}" fill="url(#g)"/>`,
      `<circle cx="${W / 2}" cy="250" r="140" fill="#ffffff" fill-opacity="0.14"/>`,
      `<rect x="0" y="${FLOOR}" width="${W}" height="${H - FLOOR}" fill="#000000" fill-opacity="0.10"/>`,
    );
  }
  parts.push(
    `<ellipse cx="${((x0 + x1) / 2).toFixed(1)}" cy="${FLOOR + 4}" rx="${((x1 - x0) / 2 + 16).toFixed(1)}" ry="9" fill="#000000" fill-opacity="0.18"/>`,
  );
  if (pose.timer !== undefined) {
    const r = 40;
    const c = 2 * Math.PI * r;
    parts.push(
      `<circle cx="${W / 2}" cy="250" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="10"/>`,
      `<circle cx="${W / 2}" cy="250" r="${r}" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" stroke-dasharray="${(c * pose.timer).toFixed(1)} ${c.toFixed(1)}" transform="rotate(-90 ${W / 2} 250)"/>`,
    );
  }
  const scale = exercise.scale ?? 1;
  const figure = figureSvg(pose, shirt);
  parts.push(
    scale === 1
      ? figure
      : `<g transform="translate(${(W / 2) * (1 - scale)} ${FLOOR * (1 - scale)}) scale(${scale})">${figure}</g>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

/** The still illustration for posters: the figure alone at its most telling moment, cropped to the figure. */
export function illustrationSvg(key) {
  const t = key === 'burpees' ? 0.3 : key === 'planks' ? 0.5 : key === 'hiit' ? 0.12 : 0.25;
  const body = frameSvg(key, t, { background: false })
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '');
  const title = key.replace(/-/g, ' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="20 90 320 360"><title>${title}</title>${body}</svg>`;
}
