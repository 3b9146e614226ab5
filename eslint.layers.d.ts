import type { Linter } from 'eslint';
/** The import restrictions between layers (see eslint.layers.js). */
export declare const layerRules: Linter.Config[];
