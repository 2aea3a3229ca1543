// Compile-time checks (`npm run typecheck`) of the wire types that are not
// aliases of the generated ones (api-types.ts, from the OpenAPI document).
// @reel/metrics is a package of its own whose types ship as its src/, so it
// cannot import the generated file: its MetricType is held equal here to
// the type enum of the PlayerEvent schema (POST /v1/events). Nothing
// imports this file: it is in no bundle.
import type { components } from './api-types.js';
import type { MetricType } from '../metrics/src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

export type MetricTypeIsPlayerEventType = Assert<Equal<MetricType, components['schemas']['PlayerEvent']['type']>>;
