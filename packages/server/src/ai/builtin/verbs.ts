// Turns "be working on the budget" or "sending the notes" into "work on the budget" / "send the notes".
const SILENT_E = new Set(
  'mak tak us writ com giv hav prepar decid creat shar updat schedul sav organis organiz arrang complet produc compil circulat investigat evaluat distribut continu receiv revis clos improv chang choos stor describ provid includ determin argu issu releas purchas figur definit analys analyz assess measur captur prototyp'.split(
    ' ',
  ),
);

export function baseForm(verb: string): string {
  if (!verb.endsWith('ing') || verb.length <= 5) return verb;
  let stem = verb.slice(0, -3);
  if (/([b-df-hj-np-tv-z])\1$/.test(stem) && !/(?:ll|ss|ff|zz)$/.test(stem)) stem = stem.slice(0, -1);
  else if (SILENT_E.has(stem)) stem = `${stem}e`;
  return stem;
}

export function toImperative(clause: string): string {
  const trimmed = clause
    .replace(/^(?:be\s+|to\s+|have to\s+|need to\s+|try and\s+|try to\s+|go and\s+)/i, '')
    .replace(/^(?:just|also|probably|actually|really|basically|maybe|definitely|still|then|now)\s+/i, '')
    .replace(/^(?:start|begin|keep|continue)\s+(?=\w{3,}ing\b)/i, '')
    .trim();
  const [first = '', ...rest] = trimmed.split(/\s+/);
  return [baseForm(first.toLowerCase()), ...rest].join(' ').trim();
}
