import type { AppContext } from '../context.js';

export async function seedDemoOnFirstStart(ctx: AppContext): Promise<void> {
  void ctx;
}
