/** The unit a Pact's exercise is counted in, as the proof screens say it ('push ups'; 'reps' when unnamed). */
export function exerciseLabelOf(exerciseType: string): string {
  return exerciseType.replace(/[-_]+/g, ' ').trim() || 'reps';
}
