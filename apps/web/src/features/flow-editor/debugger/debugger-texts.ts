/** Spec 1 §8: the debugger's error texts; the rerun ones go beyond the spec. */
export const debuggerTexts = {
  startError: (detail: string) => `Ocorreu um erro ao tentar iniciar o modo de debug: ${detail}`,
  stopError: 'Ocorreu um erro ao tentar parar o modo de debug',
  nextStepError: 'Ocorreu um erro ao tentar executar o próximo passo de debug',
  rerunStarted: 'Execução reiniciada no modo de debug.',
  rerunError: (detail: string) => `Ocorreu um erro ao tentar reexecutar no debug: ${detail}`,
  tooLarge: 'Mensagem muito grande para exibir como JSON (mais de 100.000 caracteres).',
  joinError: (detail: string) => `Não foi possível receber as mensagens do debugger: ${detail}`,
} as const;
