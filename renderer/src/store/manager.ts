/**
 * The manager PIN prompt. A manager action the main process refused with
 * 'locked' asks here; the prompt (PinPrompt) answers true once the PIN
 * unlocked manager actions, false when the person cancelled.
 */
import { create } from 'zustand';

interface ManagerPromptStore {
  asking: boolean;
  ask(): Promise<boolean>;
  answer(unlocked: boolean): void;
}

let waiting: ((unlocked: boolean) => void)[] = [];

export const useManagerPrompt = create<ManagerPromptStore>()((set) => ({
  asking: false,
  // Several refused calls at once share one prompt.
  ask: () =>
    new Promise<boolean>((resolve) => {
      waiting.push(resolve);
      set({ asking: true });
    }),
  answer(unlocked) {
    const resolvers = waiting;
    waiting = [];
    set({ asking: false });
    for (const r of resolvers) r(unlocked);
  },
}));
