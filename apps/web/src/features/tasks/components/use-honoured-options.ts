import { useEffect, useRef } from 'react';
import { Form, type FormInstance } from 'antd';
import { ENGINE_OPTIONS, optionIsSet, type EngineOption } from '@subtrans/contract';
import { useEngines } from '../api/tasks';
import { capabilitiesOf, enginesHonouring, honours, unhonoured } from '../lib/engine-options';
import { DEFAULT_VOICE, type VoiceOptions } from '../lib/voice-options';

/**
 * Issue 34: the task options the chosen engine honours (from the server's engine list). While an
 * engine that ignores an option is chosen, the option is at its default (what the server
 * accepts); what the user had set there comes back when an engine that honours it is chosen again,
 * so switching engines to look loses nothing.
 */
export function useHonouredOptions(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormInstance<any>,
  engineField: string,
) {
  const engines = useEngines();
  const engine = Form.useWatch<string | undefined>(engineField, form);
  const capabilities = capabilitiesOf(engines.data, engine);
  const kept = useRef<Partial<VoiceOptions>>({});

  useEffect(() => {
    const held = kept.current as Record<string, unknown>;
    for (const option of ENGINE_OPTIONS) {
      const value: unknown = form.getFieldValue(option);
      const set = optionIsSet({ [option]: value }, option);
      if (!honours(capabilities, option)) {
        if (set) {
          held[option] = value;
          form.setFieldValue(option, DEFAULT_VOICE[option]);
        }
      } else if (option in held) {
        if (!set) form.setFieldValue(option, held[option]);
        delete held[option];
      }
    }
  }, [capabilities, form]);

  return {
    engine,
    capabilities,
    honours: (option: EngineOption) => honours(capabilities, option),
    /** the options the chosen engine ignores */
    unhonoured: unhonoured(capabilities),
    /** the other usable engines that honour `option` */
    alternatives: (option: EngineOption) => enginesHonouring(engines.data, option, engine),
  };
}
