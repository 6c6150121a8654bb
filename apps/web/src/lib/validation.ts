import type { TFunction } from 'i18next';
import type { Rule } from 'antd/es/form';
import { LIMITS } from '@subtrans/contract';

/** SPEC §5 rules, shared by every form that asks for them. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const rules = {
  email: (t: TFunction): Rule[] => [
    { required: true, message: t('auth.validation.emailRequired') },
    { pattern: SIMPLE_EMAIL, message: t('auth.validation.emailInvalid') },
  ],
  loginPassword: (t: TFunction): Rule[] => [
    { required: true, message: t('auth.validation.passwordRequired') },
    { min: LIMITS.passwordMin, message: t('auth.validation.passwordMin') },
  ],
  adminPassword: (t: TFunction): Rule[] => [
    { required: true, message: t('auth.validation.passwordRequired') },
    { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: t('auth.validation.passwordRange') },
  ],
  /** a password being set: the register rule the server checks (6 to 20 characters) */
  newPassword: (t: TFunction): Rule[] => [
    { required: true, message: t('auth.validation.passwordRequired') },
    { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: t('auth.validation.passwordRange') },
  ],
  /** the same password again, as the form's field `field` holds it */
  confirmPassword: (t: TFunction, field: string): Rule[] => [
    { required: true, message: t('auth.validation.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_, value) =>
        !value || getFieldValue(field) === value
          ? Promise.resolve()
          : Promise.reject(new Error(t('auth.validation.confirmMismatch'))),
    }),
  ],
  registerName: (t: TFunction): Rule[] => [
    { required: true, whitespace: true, message: t('auth.validation.nameRequired') },
    { min: LIMITS.nameMin, message: t('auth.validation.nameMin') },
    { max: LIMITS.nameMax, message: t('auth.validation.nameRange') },
  ],
  name: (t: TFunction): Rule[] => [
    { required: true, whitespace: true, message: t('auth.validation.nameRequired') },
    { min: LIMITS.nameMin, max: LIMITS.nameMax, message: t('auth.validation.nameRange') },
  ],
  code: (t: TFunction): Rule[] => [
    { required: true, message: t('auth.validation.codeRequired') },
    { pattern: /^\d{6}$/, message: t('auth.validation.codeFormat') },
  ],
};
