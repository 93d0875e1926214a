/** Texts of the workspace's groups (the 'Grupos' screen and its API). */
export const groupMessages = {
  nameRequired: 'O nome do grupo é obrigatório!',
  nameTooLong: 'O nome do grupo deve ter no máximo 50 caracteres!',
  nameTaken: 'Já existe um grupo com este nome.',
  notFound: 'Grupo não encontrado.',
  saved: 'O grupo foi salvo com sucesso!',
  saveError: 'Ocorreu um erro ao salvar o grupo: ',
  removed: 'O grupo foi removida com sucesso!',
  removeError: 'Erro ao remover o grupo:',
  nameMismatch: 'O nome do grupo não confere com o nome digitado!',
} as const;
