import type { GameContent } from '@playshop/shared';
import { createContext, type ReactNode } from 'react';

/**
 * Where a live game draws a question instead of the library's self-check: the game's server holds
 * the answers and the correct one, so a game screen provides this and ContentView uses it.
 */
export const QuestionSlot = createContext<((content: GameContent) => ReactNode) | null>(null);
