import { fromTheme, validators, type Config } from 'tailwind-merge';

/**
 * SPEED TRICK, fenced: a copy of part of tailwind-merge's default config, so cn() knows
 * only the class groups the app's classes fall in.
 *
 * Why, and what it measured (git log: 7aee0a2): with the default config the first cn()
 * builds a map of every Tailwind class, in the first render of every page (~8 ms in Node,
 * three times this subset's), and the config is 14 KB more script. The groups are copied
 * from getDefaultConfig() in its order, which decides the group a class matches first.
 *
 * What it depends on (pinned in package.json): tailwind-merge@3.7.0: its default config's
 * group definitions, their order, its theme scales and conflict tables, as copied here,
 * and its public createTailwindMerge / fromTheme / validators.
 * tailwind-merge-subset-config.internals.test.ts compares every group here with the
 * installed default config, and every pair of the app's classes merged both ways; it names
 * the group that differs or is missing.
 *
 * When it breaks: after a tailwind-merge bump, copy the named groups again from its
 * getDefaultConfig() (dist/bundle-mjs.mjs). Or use the public default: `twMerge` in
 * utils.ts instead of createTailwindMerge(tailwindMergeConfig), and delete this file.
 */
const {
  isAny,
  isAnyNonArbitrary,
  isArbitraryFamilyName,
  isArbitraryLength,
  isArbitraryNumber,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableFamilyName,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isArbitraryVariableWeight,
  isArbitraryWeight,
  isFraction,
  isInteger,
  isNumber,
  isTshirtSize,
} = validators;

export function tailwindMergeConfig(): Config<string, string> {
  const spacing = fromTheme('spacing');
  const color = [fromTheme('color'), isArbitraryVariable, isArbitraryValue];
  const unambiguousSpacing = [isArbitraryVariable, isArbitraryValue, spacing];
  const inset = [isFraction, 'full', 'auto', ...unambiguousSpacing];
  const margin = ['auto', ...unambiguousSpacing];
  const sizing = [isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', ...unambiguousSpacing];
  const borderWidth = ['', isNumber, isArbitraryVariableLength, isArbitraryLength];
  const overflow = ['auto', 'hidden', 'clip', 'visible', 'scroll'];
  const alignSecondaryAxis = ['start', 'end', 'center', 'stretch', 'center-safe', 'end-safe'];
  const position = ['center', 'top', 'bottom', 'left', 'right', 'top-left', 'left-top', 'top-right', 'right-top', 'bottom-right', 'right-bottom', 'bottom-left', 'left-bottom'];

  return {
    cacheSize: 500,
    theme: {
      animate: ['spin', 'ping', 'pulse', 'bounce'],
      aspect: ['video'],
      blur: [isTshirtSize],
      breakpoint: [isTshirtSize],
      color: [isAny],
      container: [isTshirtSize],
      font: [isAnyNonArbitrary],
      'font-weight': ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'],
      leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose'],
      radius: [isTshirtSize],
      shadow: [isTshirtSize],
      spacing: ['px', isNumber],
      text: [isTshirtSize],
      tracking: ['tighter', 'tight', 'normal', 'wide', 'wider', 'widest'],
    },
    classGroups: {
      aspect: [{ aspect: ['auto', 'square', isFraction, isArbitraryValue, isArbitraryVariable, fromTheme('aspect')] }],
      display: ['block', 'inline-block', 'inline', 'flex', 'inline-flex', 'table', 'inline-table', 'table-caption', 'table-cell', 'table-column', 'table-column-group', 'table-footer-group', 'table-header-group', 'table-row-group', 'table-row', 'flow-root', 'grid', 'inline-grid', 'contents', 'list-item', 'hidden'],
      sr: ['sr-only', 'not-sr-only'],
      'object-fit': [{ object: ['contain', 'cover', 'fill', 'none', 'scale-down'] }],
      overflow: [{ overflow }],
      'overflow-x': [{ 'overflow-x': overflow }],
      'overflow-y': [{ 'overflow-y': overflow }],
      position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
      inset: [{ inset }],
      top: [{ top: inset }],
      right: [{ right: inset }],
      bottom: [{ bottom: inset }],
      left: [{ left: inset }],
      visibility: ['visible', 'invisible', 'collapse'],
      z: [{ z: [isInteger, 'auto', isArbitraryVariable, isArbitraryValue] }],
      basis: [{ basis: [isFraction, 'full', 'auto', fromTheme('container'), ...unambiguousSpacing] }],
      'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
      'flex-wrap': [{ flex: ['nowrap', 'wrap', 'wrap-reverse'] }],
      flex: [{ flex: [isNumber, isFraction, 'auto', 'initial', 'none', isArbitraryValue] }],
      shrink: [{ shrink: ['', isNumber, isArbitraryVariable, isArbitraryValue] }],
      'grid-cols': [{ 'grid-cols': [isInteger, 'none', 'subgrid', isArbitraryVariable, isArbitraryValue] }],
      'col-start': [{ 'col-start': [isInteger, 'auto', isArbitraryVariable, isArbitraryValue] }],
      gap: [{ gap: unambiguousSpacing }],
      'gap-x': [{ 'gap-x': unambiguousSpacing }],
      'gap-y': [{ 'gap-y': unambiguousSpacing }],
      'justify-content': [{ justify: ['start', 'end', 'center', 'between', 'around', 'evenly', 'stretch', 'baseline', 'center-safe', 'end-safe', 'normal'] }],
      'justify-items': [{ 'justify-items': [...alignSecondaryAxis, 'normal'] }],
      'justify-self': [{ 'justify-self': ['auto', ...alignSecondaryAxis] }],
      'align-content': [{ content: ['normal', 'start', 'end', 'center', 'between', 'around', 'evenly', 'stretch', 'baseline', 'center-safe', 'end-safe'] }],
      'align-items': [{ items: [...alignSecondaryAxis, { baseline: ['', 'last'] }] }],
      'align-self': [{ self: ['auto', ...alignSecondaryAxis, { baseline: ['', 'last'] }] }],
      'place-items': [{ 'place-items': [...alignSecondaryAxis, 'baseline'] }],
      p: [{ p: unambiguousSpacing }],
      px: [{ px: unambiguousSpacing }],
      py: [{ py: unambiguousSpacing }],
      pt: [{ pt: unambiguousSpacing }],
      pr: [{ pr: unambiguousSpacing }],
      pb: [{ pb: unambiguousSpacing }],
      pl: [{ pl: unambiguousSpacing }],
      mx: [{ mx: margin }],
      my: [{ my: margin }],
      mt: [{ mt: margin }],
      mr: [{ mr: margin }],
      mb: [{ mb: margin }],
      ml: [{ ml: margin }],
      size: [{ size: sizing }],
      w: [{ w: [fromTheme('container'), 'screen', ...sizing] }],
      'min-w': [{ 'min-w': [fromTheme('container'), 'screen', 'none', ...sizing] }],
      'max-w': [{ 'max-w': [fromTheme('container'), 'screen', 'none', 'prose', { screen: [fromTheme('breakpoint')] }, ...sizing] }],
      h: [{ h: ['screen', 'lh', ...sizing] }],
      'min-h': [{ 'min-h': ['screen', 'lh', 'none', ...sizing] }],
      'max-h': [{ 'max-h': ['screen', 'lh', 'none', ...sizing] }],
      'font-size': [{ text: ['base', fromTheme('text'), isArbitraryVariableLength, isArbitraryLength] }],
      'font-style': ['italic', 'not-italic'],
      'font-weight': [{ font: [fromTheme('font-weight'), isArbitraryVariableWeight, isArbitraryWeight] }],
      'font-family': [{ font: [isArbitraryVariableFamilyName, isArbitraryFamilyName, fromTheme('font')] }],
      'fvn-spacing': ['proportional-nums', 'tabular-nums'],
      tracking: [{ tracking: [fromTheme('tracking'), isArbitraryVariable, isArbitraryValue] }],
      'line-clamp': [{ 'line-clamp': [isNumber, 'none', isArbitraryVariable, isArbitraryNumber] }],
      leading: [{ leading: ['none', fromTheme('leading'), ...unambiguousSpacing] }],
      'list-style-type': [{ list: ['disc', 'decimal', 'none', isArbitraryVariable, isArbitraryValue] }],
      'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
      'text-color': [{ text: color }],
      'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
      'underline-offset': [{ 'underline-offset': [isNumber, 'auto', isArbitraryVariable, isArbitraryValue] }],
      'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
      'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
      'vertical-align': [{ align: ['baseline', 'top', 'middle', 'bottom', 'text-top', 'text-bottom', 'sub', 'super', isArbitraryVariable, isArbitraryValue] }],
      whitespace: [{ whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] }],
      break: [{ break: ['normal', 'words', 'all', 'keep'] }],
      wrap: [{ wrap: ['break-word', 'anywhere', 'normal'] }],
      'bg-color': [{ bg: color }],
      rounded: [{ rounded: ['', 'none', 'full', fromTheme('radius'), isArbitraryVariable, isArbitraryValue] }],
      'border-w': [{ border: borderWidth }],
      'border-w-y': [{ 'border-y': borderWidth }],
      'border-w-t': [{ 'border-t': borderWidth }],
      'border-w-b': [{ 'border-b': borderWidth }],
      'border-w-l': [{ 'border-l': borderWidth }],
      'divide-y': [{ 'divide-y': borderWidth }],
      'border-style': [{ border: ['solid', 'dashed', 'dotted', 'double', 'hidden', 'none'] }],
      'border-color': [{ border: color }],
      'outline-style': [{ outline: ['solid', 'dashed', 'dotted', 'double', 'none', 'hidden'] }],
      'outline-w': [{ outline: ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
      shadow: [{ shadow: ['', 'inner', 'none', fromTheme('shadow'), isArbitraryVariableShadow, isArbitraryShadow] }],
      'ring-w': [{ ring: borderWidth }],
      'ring-color': [{ ring: color }],
      'ring-offset-w': [{ 'ring-offset': [isNumber, isArbitraryLength] }],
      'ring-offset-color': [{ 'ring-offset': color }],
      opacity: [{ opacity: [isNumber, isArbitraryVariable, isArbitraryValue] }],
      'backdrop-blur': [{ 'backdrop-blur': ['', 'none', fromTheme('blur'), isArbitraryVariable, isArbitraryValue] }],
      transition: [{ transition: ['', 'all', 'colors', 'opacity', 'shadow', 'transform', 'none', isArbitraryVariable, isArbitraryValue] }],
      animate: [{ animate: ['none', fromTheme('animate'), isArbitraryVariable, isArbitraryValue] }],
      'transform-origin': [{ origin: [...position, isArbitraryVariable, isArbitraryValue] }],
      'translate-x': [{ 'translate-x': [isFraction, 'full', ...unambiguousSpacing] }],
      'translate-y': [{ 'translate-y': [isFraction, 'full', ...unambiguousSpacing] }],
      accent: [{ accent: color }],
      cursor: [{ cursor: ['auto', 'default', 'pointer', 'wait', 'text', 'move', 'help', 'not-allowed', 'none', 'context-menu', 'progress', 'cell', 'crosshair', 'vertical-text', 'alias', 'copy', 'no-drop', 'grab', 'grabbing', 'all-scroll', 'col-resize', 'row-resize', 'n-resize', 'e-resize', 's-resize', 'w-resize', 'ne-resize', 'nw-resize', 'se-resize', 'sw-resize', 'ew-resize', 'ns-resize', 'nesw-resize', 'nwse-resize', 'zoom-in', 'zoom-out', isArbitraryVariable, isArbitraryValue] }],
      'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
      'scroll-mt': [{ 'scroll-mt': unambiguousSpacing }],
      select: [{ select: ['none', 'text', 'all', 'auto'] }],
      fill: [{ fill: ['none', ...color] }],
    },
    conflictingClassGroups: {
      overflow: ['overflow-x', 'overflow-y'],
      inset: ['top', 'right', 'bottom', 'left'],
      flex: ['basis', 'shrink'],
      gap: ['gap-x', 'gap-y'],
      p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
      px: ['pr', 'pl'],
      py: ['pt', 'pb'],
      mx: ['mr', 'ml'],
      my: ['mt', 'mb'],
      size: ['w', 'h'],
      'font-size': ['leading'],
      'line-clamp': ['display', 'overflow'],
      'border-w': ['border-w-y', 'border-w-t', 'border-w-b', 'border-w-l'],
      'border-w-y': ['border-w-t', 'border-w-b'],
    },
    conflictingClassGroupModifiers: {
      'font-size': ['leading'],
    },
    orderSensitiveModifiers: ['*', '**', 'after', 'backdrop', 'before', 'details-content', 'file', 'first-letter', 'first-line', 'marker', 'placeholder', 'selection'],
  };
}
