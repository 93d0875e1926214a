import { text } from '../node-red-export';
import { makeNode, single, type MapContext, type MappedNode } from '../mapped-node';
import { dottedPath, parsePath } from '../node-red-paths';
import { mustacheExpression } from './mustache';
import { placeholder } from './placeholder';

const noLibrary =
  'O modelo usa seções, parciais ou outros delimitadores do mustache, e o ambiente de código do Ponte não tem uma biblioteca mustache.';

/**
 * `template` → 'Definir valores' whose value is the template as a JSONata text (plain
 * variables, escaped as mustache does); output "json" parses it. Sections and YAML are not.
 */
export function mapTemplate(ctx: MapContext): MappedNode {
  const { node } = ctx;
  const template = text(node.template);
  const plain = text(node.syntax) === 'plain';
  const expression = plain ? JSON.stringify(template) : mustacheExpression(template);
  if (!expression) return placeholder(ctx, noLibrary);
  const output = text(node.output) || 'str';
  if (output === 'yaml')
    return placeholder(
      ctx,
      'A saída em YAML não existe no Ponte (não há leitor de YAML nas expressões).',
    );
  const value = output === 'json' ? `$eval(${expression})` : expression;
  const fieldType = text(node.fieldType) || 'msg';
  const segments = parsePath(text(node.field) || 'payload');
  const path = segments && dottedPath(segments);
  if (!path || !['msg', 'flow', 'global'].includes(fieldType))
    return placeholder(ctx, `O destino "${text(node.field)}" (${fieldType}) não foi traduzido.`);
  const ponte = makeNode(ctx, 'core_set', {
    target: fieldType === 'msg' ? 'msg' : 'flow',
    values: [{ path: fieldType === 'global' ? `global.${path}` : path, value: `{{ ${value} }}` }],
  });
  const notes =
    fieldType === 'msg'
      ? []
      : [
          'O contexto de flow/global do Node-RED virou os dados do flow, que valem só durante uma execução.',
        ];
  return single(ctx, ponte, 'translated', notes);
}
