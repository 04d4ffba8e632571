/**
 * A garbage collection on demand for the benchmarks' memory figures: each is a difference of two
 * readings, so garbage left by earlier figures must be collected first. One place, so every
 * figure that needs it collects the same way.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
export const collect = runInNewContext('gc') as () => void;
