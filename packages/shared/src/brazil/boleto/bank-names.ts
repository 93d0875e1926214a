/**
 * Names of the banks that issue most boletos, by their COMPE code (the first three digits of a
 * bank boleto). Source: Banco Central do Brasil, "Relação dos participantes do STR" and the
 * list of institutions with a compensation code (https://www.bcb.gov.br/estabilidadefinanceira/
 * participantesstr). The full list has hundreds of institutions: these are the most used
 * ones; a code outside it is read all the same, with `nome` null. Kept by hand: check it
 * against the list when a bank changes its name.
 */
export const bankNames: Readonly<Record<string, string>> = {
  '001': 'Banco do Brasil S.A.',
  '003': 'Banco da Amazônia S.A.',
  '004': 'Banco do Nordeste do Brasil S.A.',
  '021': 'Banestes S.A. Banco do Estado do Espírito Santo',
  '033': 'Banco Santander (Brasil) S.A.',
  '037': 'Banco do Estado do Pará S.A.',
  '041': 'Banco do Estado do Rio Grande do Sul S.A.',
  '047': 'Banco do Estado de Sergipe S.A.',
  '070': 'BRB - Banco de Brasília S.A.',
  '077': 'Banco Inter S.A.',
  '085': 'Cooperativa Central de Crédito - Ailos',
  '104': 'Caixa Econômica Federal',
  '133':
    'Confederação Nacional das Cooperativas Centrais de Crédito e Economia Familiar e Solidária - Cresol',
  '136': 'Confederação Nacional das Cooperativas Centrais Unicred Ltda.',
  '197': 'Stone Instituição de Pagamento S.A.',
  '208': 'Banco BTG Pactual S.A.',
  '212': 'Banco Original S.A.',
  '218': 'Banco BS2 S.A.',
  '224': 'Banco Fibra S.A.',
  '237': 'Banco Bradesco S.A.',
  '246': 'Banco ABC Brasil S.A.',
  '260': 'Nu Pagamentos S.A. - Instituição de Pagamento',
  '290': 'PagSeguro Internet Instituição de Pagamento S.A.',
  '318': 'Banco BMG S.A.',
  '323': 'Mercado Pago Instituição de Pagamento Ltda.',
  '336': 'Banco C6 S.A.',
  '341': 'Itaú Unibanco S.A.',
  '364': 'Efí S.A. - Instituição de Pagamento',
  '380': 'PicPay Instituição de Pagamento S.A.',
  '389': 'Banco Mercantil do Brasil S.A.',
  '403': 'Cora Sociedade de Crédito Direto S.A.',
  '422': 'Banco Safra S.A.',
  '461': 'Asaas Gestão Financeira Instituição de Pagamento S.A.',
  '623': 'Banco Pan S.A.',
  '633': 'Banco Rendimento S.A.',
  '655': 'Banco Votorantim S.A.',
  '707': 'Banco Daycoval S.A.',
  '745': 'Banco Citibank S.A.',
  '748': 'Banco Cooperativo Sicredi S.A.',
  '756': 'Banco Cooperativo Sicoob S.A.',
};
