/**
 * How long a test may wait for a condition. Tests wait on conditions, never on the clock: a busy machine only
 * makes them slower, so the bound is generous (the condition usually holds within milliseconds).
 */
export const CONDITION_TIMEOUT_MS = 15_000;

/** vi.waitFor's options: its own default (one second) is a clock a loaded machine can beat. */
export const untilCondition = { timeout: CONDITION_TIMEOUT_MS } as const;
