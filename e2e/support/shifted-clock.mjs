// Loaded with `node --import` by e2e/support/own-app.ts: the server process believes it is E2E_CLOCK_OFFSET_MS
// later than it is, as if it had been stopped for that long. Only journeys load it; the app has no clock switch.
const offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);

if (offset) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
