// Every word a person reads comes from the message catalogs: text typed
// straight into a component (a JSX text node, a {'string'} child, or a string
// given to a prop a person reads) is reported. Symbols, digits and
// punctuation alone (•, ↑, 12, —) are not words and pass.
const READ_PROPS = new Set(['label', 'title', 'placeholder', 'alt', 'hint', 'aria-label', 'aria-description', 'aria-valuetext', 'text']);
const HAS_WORD = /\p{L}{2,}/u;

const wordy = (s) => typeof s === 'string' && HAS_WORD.test(s);
const templateWordy = (node) => node.quasis.some((q) => wordy(q.value.cooked));

/** A literal string or template carrying words, possibly behind a conditional or a logical operator. */
function literalWords(node) {
  if (!node) return false;
  switch (node.type) {
    case 'Literal': return wordy(node.value);
    case 'TemplateLiteral': return templateWordy(node);
    case 'ConditionalExpression': return literalWords(node.consequent) || literalWords(node.alternate);
    case 'LogicalExpression': return literalWords(node.right) || (node.operator !== '&&' && literalWords(node.left));
    default: return false;
  }
}

export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text must come from the message catalogs' },
    messages: { literal: 'User-visible text "{{text}}" is typed into the component: add it to the catalogs and use t().' },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: String(text).trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (wordy(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        if (literalWords(node.expression)) report(node, context.sourceCode.getText(node.expression));
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!READ_PROPS.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (literalWords(value)) report(node, context.sourceCode.getText(node.value));
      },
    };
  },
};

export default { rules: { 'no-literal-ui-text': noLiteralUiText } };
