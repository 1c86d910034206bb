import { z } from './zod-fr.ts';
import { parseDecimal } from './decimal.ts';
import { messages } from './messages.ts';

/**
 * One rule per number field, read by the API schema (JSON numbers) and by the forms (text
 * typed in French): the same limits and the same French messages on both sides.
 */
export interface NumberRule {
  /** `positive`: greater than 0 (quantities, weights, prices: docs/product/decisions.md 16); `zero`: 0 allowed. */
  min: 'positive' | 'zero';
  max: number;
  /** Decimals the database column keeps; 0 = whole numbers. A value rounding to 0 there is not > 0. */
  decimals: number;
  messages: {
    /** Not a number at all (a string in JSON, an empty required field). */
    invalid: string;
    tooSmall: string;
    tooLarge: string;
    /** A fraction in a whole-number field. */
    fraction?: string;
  };
}

/** The French message for a value breaking the rule, or null. */
export function numberProblem(rule: NumberRule, value: number): string | null {
  if (!Number.isFinite(value)) return rule.messages.invalid;
  if (rule.decimals === 0 && !Number.isInteger(value)) return rule.messages.fraction ?? rule.messages.invalid;
  const scale = 10 ** rule.decimals;
  const tooSmall = rule.min === 'positive' ? Math.round(value * scale) <= 0 : value < 0;
  if (tooSmall) return rule.messages.tooSmall;
  if (value > rule.max) return rule.messages.tooLarge;
  return null;
}

/** The API side: a JSON number following the rule. */
export const ruleNumber = (rule: NumberRule) =>
  z.number({ error: rule.messages.invalid }).superRefine((value, ctx) => {
    const problem = numberProblem(rule, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export type TextReading = { value: number | null; error: null } | { value: null; error: string };

/** The form side: what the owner typed, read as parseDecimal does. Empty is null, or an error when required. */
export function readNumberText(rule: NumberRule, text: string, required: boolean): TextReading {
  const parsed = parseDecimal(text);
  if (parsed.kind === 'empty')
    return required ? { value: null, error: rule.messages.invalid } : { value: null, error: null };
  if (parsed.kind === 'invalid') {
    return { value: null, error: rule.decimals === 0 ? messages.numbers.notAWholeNumber : messages.numbers.notANumber };
  }
  const problem = numberProblem(rule, parsed.value);
  return problem ? { value: null, error: problem } : { value: parsed.value, error: null };
}

const textSchema = (rule: NumberRule, required: boolean) =>
  z.string().transform((text, ctx) => {
    const reading = readNumberText(rule, text, required);
    if (reading.error !== null) {
      ctx.addIssue({ code: 'custom', message: reading.error });
      return z.NEVER;
    }
    return reading.value;
  });

/** A required form field: text in, number out (react-hook-form + zodResolver). */
export const requiredNumberText = (rule: NumberRule) => textSchema(rule, true).pipe(z.number());
/** An optional form field: text in, number or null (left empty) out. */
export const optionalNumberText = (rule: NumberRule) => textSchema(rule, false);
