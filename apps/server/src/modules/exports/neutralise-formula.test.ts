import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './neutralise-formula.ts';

describe('neutraliseFormula', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['=1+1', "'=1+1"],
    ['+905320000001', "'+905320000001"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['Ayşe Yılmaz', 'Ayşe Yılmaz'],
    ['a=b', 'a=b'],
    [' =1', ' =1'],
    ["'already quoted", "'already quoted"],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });
});
