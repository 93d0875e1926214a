import { defineNode } from '../../../kit/define-node';

export const formTriggerNode = defineNode({
  type: 'core_form_trigger',
  version: 1,
  category: 'trigger',
  label: 'Formulário',
  description: 'Inicia o flow quando alguém envia um formulário público do workspace.',
  icon: 'forms',
  params: {
    form: { type: 'form', label: 'Formulário', required: true },
  },
  outputs: { default: { label: 'Saída' } },
  /** The server passes the answers in msg.payload and the form in msg.form. */
  async run({ input }) {
    return { output: 'default', msg: input };
  },
});
