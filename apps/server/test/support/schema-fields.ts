import type { ZodType } from 'zod';

/** One field of a request schema, as far as a test needs it to send a wrong value. */
export interface SchemaField {
  /** list items at position 0 */
  path: (string | number)[];
  required: boolean;
  type: 'string' | 'number' | 'boolean' | 'choice' | 'list' | 'object' | 'other';
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  integer?: boolean;
  /** string formats: email, uuid, datetime, regex */
  format?: string;
  /** the accepted values of an enum or a union of literals and enums */
  values?: (string | number | boolean)[];
}

interface Def {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  options?: ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[];
}

const defOf = (s: ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

interface Facts {
  required: boolean;
  type: SchemaField['type'];
  node: ZodType | null;
  facts: Omit<SchemaField, 'path' | 'required' | 'type'>;
}

/** Looks through optional/default/pipe wrappers to the field's type and limits. */
function describe(schema: ZodType): Facts {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
      return { ...describe(def.innerType!), required: false };
    case 'pipe': {
      const a = describe(def.in!);
      const b = describe(def.out!);
      const type = a.type === 'other' ? b.type : a.type;
      return { required: a.required, type, node: a.node ?? b.node, facts: { ...a.facts, ...b.facts } };
    }
    case 'string': {
      const s = schema as unknown as {
        minLength: number | null;
        maxLength: number | null;
        format: string | null;
      };
      return {
        required: true,
        type: 'string',
        node: null,
        facts: {
          ...(s.minLength !== null ? { minLength: s.minLength } : {}),
          ...(s.maxLength !== null ? { maxLength: s.maxLength } : {}),
          ...(s.format ? { format: s.format } : {}),
        },
      };
    }
    case 'number': {
      const n = schema as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
      const big = (v: number | null) => v !== null && Number.isFinite(v) && Math.abs(v) < 1e15;
      return {
        required: true,
        type: 'number',
        node: null,
        facts: {
          ...(big(n.minValue) ? { min: n.minValue! } : {}),
          ...(big(n.maxValue) ? { max: n.maxValue! } : {}),
          integer: n.isInt,
        },
      };
    }
    case 'boolean':
      return { required: true, type: 'boolean', node: null, facts: {} };
    case 'enum':
      return { required: true, type: 'choice', node: null, facts: { values: Object.values(def.entries!) } };
    case 'literal':
      return {
        required: true,
        type: 'choice',
        node: null,
        facts: { values: def.values as (string | number)[] },
      };
    case 'union': {
      const parts = def.options!.map(describe);
      if (parts.every((p) => p.type === 'choice')) {
        return {
          required: parts.every((p) => p.required),
          type: 'choice',
          node: null,
          facts: { values: parts.flatMap((p) => p.facts.values ?? []) },
        };
      }
      return { required: true, type: 'other', node: null, facts: {} };
    }
    case 'array': {
      let min: number | undefined;
      let max: number | undefined;
      for (const check of def.checks ?? []) {
        if (check._zod.def.check === 'min_length') min = check._zod.def.minimum;
        if (check._zod.def.check === 'max_length') max = check._zod.def.maximum;
      }
      return {
        required: true,
        type: 'list',
        node: def.element!,
        facts: { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) },
      };
    }
    case 'object':
      return { required: true, type: 'object', node: schema, facts: {} };
    default:
      return { required: true, type: 'other', node: null, facts: {} };
  }
}

/** Every field of an object schema, nested objects and list items included. */
export function fieldsOf(schema: ZodType, prefix: (string | number)[] = []): SchemaField[] {
  const top = describe(schema);
  if (top.type !== 'object' || !top.node) return [];
  const out: SchemaField[] = [];
  for (const [key, child] of Object.entries(defOf(top.node).shape ?? {})) {
    const path = [...prefix, key];
    const d = describe(child);
    out.push({ path, required: d.required, type: d.type, ...d.facts });
    if (d.type === 'list' && d.node) {
      const item = describe(d.node);
      if (item.type === 'object') out.push(...fieldsOf(d.node, [...path, 0]));
      else out.push({ path: [...path, 0], required: true, type: item.type, ...item.facts });
    }
    if (d.type === 'object' && d.node) out.push(...fieldsOf(d.node, path));
  }
  return out;
}
