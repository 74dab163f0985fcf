/**
 * The AI trainer's words (docs/CHAT.md, "The AI trainer"): rules, no external service. A next target is drawn from the member's own
 * approved proofs in the Pact: 10% above the latest (at least one more), or the Pact's target when there is none.
 * The phrasing varies by a seed (a message or proof id), so replies differ yet tests can predict them.
 */

export function nextTarget(approvedValuesNewestFirst: number[], pactTarget: number): number {
  const last = approvedValuesNewestFirst[0];
  if (last === undefined || last <= 0) return Math.max(pactTarget, 1);
  return Math.max(last + 1, Math.round(last * 1.1));
}

export interface ReplyFacts {
  name: string;
  exercise: string;
  next: number;
  /** The approved value just logged (proof replies). */
  value?: number;
  approvedCount: number;
  /** False: the proof counts for nothing (docs/RULES.md "One counted workout a day"). */
  counts?: boolean;
}

const afterProof = [
  (f: ReplyFacts) =>
    `Great work, ${f.name}! ${f.value} ${f.exercise} logged. Next time aim for ${f.next}. 💪`,
  (f: ReplyFacts) => `Proof approved ✅ Strong effort, ${f.name}. Your next target: ${f.next} ${f.exercise}.`,
  (f: ReplyFacts) =>
    `That makes ${f.approvedCount} approved workout${f.approvedCount === 1 ? '' : 's'}, ${f.name}! Push for ${f.next} ${f.exercise} next session.`,
];

const afterMessage = [
  (f: ReplyFacts) => `Keep it up, ${f.name}! Your next target: ${f.next} ${f.exercise}. 💪`,
  (f: ReplyFacts) => `I'm with you, ${f.name}. Today, go for ${f.next} ${f.exercise}.`,
  (f: ReplyFacts) =>
    f.approvedCount > 0
      ? `Consistency wins, ${f.name}: ${f.approvedCount} approved so far. Aim for ${f.next} ${f.exercise} in your next proof.`
      : `Every streak starts with one, ${f.name}. Record ${f.next} ${f.exercise} and send your first proof!`,
];

export function proofReply(facts: ReplyFacts, seed: number): string {
  if (facts.counts === false)
    return `Extra work noted, ${facts.name}! This one counts for nothing: one workout counts per scheduled day, in its start window. Next counted one: aim for ${facts.next} ${facts.exercise}.`;
  return afterProof[Math.abs(seed) % afterProof.length]!(facts);
}

export function messageReply(facts: ReplyFacts, seed: number): string {
  return afterMessage[Math.abs(seed) % afterMessage.length]!(facts);
}
