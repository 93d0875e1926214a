import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '@ponte/engine/executor/events';
import { createPersonalDataMasking } from './personal-data-masking';

const base = { execution_id: 'e1', flow_id: 'f1', node_uid: 'modelo', timestamp: 0 };

describe('the live status of a flow that masks personal data', () => {
  const masking = createPersonalDataMasking();

  it("carries a model's answer as it is written with the CPF and e-mail masked", () => {
    const event = {
      ...base,
      type: 'node_progress',
      text: 'O cliente 529.982.247-25 (maria.silva@exemplo.com.br) pediu a segunda via.',
    } as EngineEvent;
    expect(masking.live(event)).toEqual({
      ...event,
      text: 'O cliente ***.982.247-** (m***@exemplo.com.br) pediu a segunda via.',
    });
  });

  it('passes the events without text as they are', () => {
    const event = { ...base, type: 'node_started' } as EngineEvent;
    expect(masking.live(event)).toBe(event);
  });
});
