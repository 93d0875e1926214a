import type {
  FormFieldType,
  FormMask,
  FormStatus,
  FormValidation,
} from '@ponte/shared/forms.schema';

/** The 13 field types of spec 2 §3 as the builder names them. */
export const fieldTypeLabels: Record<FormFieldType, string> = {
  text: 'Texto',
  textarea: 'Área de texto',
  date: 'Data',
  datetime: 'Data e hora',
  checkbox: 'Caixa de seleção',
  select: 'Lista de seleção',
  radio: 'Opções (radio)',
  multiple_checkbox: 'Múltipla escolha (caixas)',
  multiple_select: 'Seleção múltipla',
  upload: 'Upload de arquivo',
  hidden: 'Campo oculto',
  separator: 'Separador',
  table: 'Tabela',
};

export const statusLabels: Record<FormStatus, string> = {
  draft: 'Rascunho',
  published: 'Publicado',
};

/** Spec 2 §5: the masks of a text field. */
export const maskLabels: Record<FormMask, string> = {
  '': 'Nenhuma',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  phone: 'Telefone',
  mobile: 'Celular',
  date: 'Data',
  datetime: 'Data e hora',
  time: 'Hora',
  cep: 'CEP',
  price_brl: 'Preço (R$)',
  price_usd: 'Preço (US$)',
  custom: 'Personalizada',
};

/** Spec 2 §5: the validations of text and textarea fields. */
export const validationLabels: Record<FormValidation, string> = {
  '': 'Nenhuma',
  email: 'E-mail',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  telefone_br: 'Telefone',
  celular_br: 'Celular',
  date_br: 'Data (DD/MM/AAAA)',
  datetime_br: 'Data e hora (DD/MM/AAAA HH:mm)',
  time: 'Hora (HH:mm)',
  cep: 'CEP',
  url: 'URL',
  number: 'Número',
};

/** Select data of a label record, in the record's order. */
export function optionsOf<K extends string>(labels: Record<K, string>) {
  return (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
}
