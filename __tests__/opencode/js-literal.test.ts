/** readJsLiteral and objectMembers: data out of a minified program's text, never code. */
import { describe, expect, it } from '@jest/globals'
import { JsLiteralError, objectMembers, readJsLiteral } from '../../src/opencode/js-literal.js'

const read = (text: string) => readJsLiteral(text, 0).value

describe('readJsLiteral', () => {
  it('reads what a minifier writes: bare and quoted keys, !0 / !1, void 0, numbers', () => {
    expect(
      read(
        '{id:"a",env:["A_KEY"],"x-y":!0,no:!1,n:null,u:void 0,k:1e4,f:0.5,g:-1,h:.25,t:true,e:[],o:{}}'
      )
    ).toEqual({
      id: 'a',
      env: ['A_KEY'],
      'x-y': true,
      no: false,
      n: null,
      u: null,
      k: 10000,
      f: 0.5,
      g: -1,
      h: 0.25,
      t: true,
      e: [],
      o: {}
    })
  })

  it('decodes both quote styles and their escapes', () => {
    expect(read(`['say "hi"',"it\\u2019s","a\\x41\\tb\\\\c\\"d",'e\\'f']`)).toEqual([
      'say "hi"',
      'it\u2019s',
      'aA\tb\\c"d',
      "e'f"
    ])
  })

  it('keeps a "__proto__" key as data', () => {
    const value = read('{__proto__:{polluted:!0}}') as Record<string, unknown>
    expect(Object.keys(value)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('refuses anything that is not data: calls, variables, templates, spreads', () => {
    for (const code of ['{a:f()}', '{a:b}', '{a:`t`}', '{...a}', '[new Date]', '{a:"open']) {
      expect(() => read(code)).toThrow(JsLiteralError)
    }
    expect(() => read('{a:b}')).toThrow('expected a value, got "b" at offset 3')
  })

  it('stops at the end of the literal and says where that is', () => {
    expect(readJsLiteral('x=>({a:[1,2]}),next', 4)).toEqual({ value: { a: [1, 2] }, end: 13 })
  })
})

describe('objectMembers', () => {
  it('finds where each member lies without reading the values', () => {
    const text = '{one:{id:"one",s:"}]{["},"two-b":[{x:1}],three:!0}'
    const { members, end } = objectMembers(text, 0)
    expect([...members.keys()]).toEqual(['one', 'two-b', 'three'])
    const slice = (key: string) => {
      const span = members.get(key)!
      return text.slice(span.start, span.end)
    }
    expect(slice('one')).toBe('{id:"one",s:"}]{["}')
    expect(slice('two-b')).toBe('[{x:1}]')
    expect(slice('three')).toBe('!0')
    expect(end).toBe(text.length)
  })

  it('refuses a literal that does not close', () => {
    expect(() => objectMembers('{a:{b:1}', 0)).toThrow(JsLiteralError)
  })
})
