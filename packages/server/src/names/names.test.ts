import { describe, expect, it } from 'vitest';
import { labelNames } from './label-names.ts';
import { matchName, nameSimilarity } from './match-name.ts';
import { namesSaid, type SaidSegment } from './names-said.ts';

const seg = (speaker: string, text: string, startTime: number, endTime = startTime + 3): SaidSegment => ({
  speaker,
  text,
  startTime,
  endTime,
});

describe('namesSaid', () => {
  it('never takes an ordinary word that opens a sentence for a name ("Same here.")', () => {
    const mentions = namesSaid([
      seg('Speaker 1', 'I think the launch date works for me.', 0),
      seg('Speaker 2', 'Same here.', 4),
      seg('Speaker 3', 'Fine here too, same as last time.', 8),
    ]);
    expect(mentions.filter((m) => m.certain)).toEqual([]);
    expect(labelNames([seg('Speaker 1', 'Does Friday work?', 0), seg('Speaker 2', 'Same here.', 4)], [])).toEqual([]);
  });

  it('suggests the names addressed in the vocative: "Ana, can you..." and "thanks, Ana"', () => {
    const segments = [
      seg('Speaker 1', 'Ana, can you send the deck to the client?', 0),
      seg('Speaker 2', 'Yes, I will send it today.', 4),
      seg('Speaker 1', 'Thanks, Ana. Bruno, could you check the budget before Friday?', 8),
      seg('Speaker 3', 'Sure, I can do that.', 12),
      seg('Speaker 2', 'Same here, I think we are done.', 16),
    ];
    const names = labelNames(segments, []).filter((n) => n.confidence >= 0.5);
    expect(names.map((n) => [n.speaker, n.name])).toEqual(
      expect.arrayContaining([
        ['Speaker 2', 'Ana'],
        ['Speaker 3', 'Bruno'],
      ]),
    );
    expect(names.map((n) => n.name)).not.toContain('Same');
  });

  it('never takes a reply word, a day or a month that opens a request for a name, but keeps the names addressed', () => {
    // issue 40's check: questions that open with ordinary capitalised words, beside names addressed
    const segments = [
      seg('Speaker 1', 'Priya, could you send the launch email to the partners today?', 0),
      seg('Speaker 2', 'Sure. I will send it before lunch.', 4),
      seg('Speaker 1', 'Thanks, Priya. Daniel, can you check the pricing page by Friday?', 8),
      seg('Speaker 3', 'Yes, I can look at it this afternoon.', 12),
      seg('Speaker 2', 'Monday, can you do nine instead of ten?', 16),
      seg('Speaker 3', 'Perfect, could you share the slides after the call?', 20),
      seg('Speaker 1', 'Same, can you send them to me as well?', 24),
      seg('Speaker 2', 'Lovely, would you copy me on it?', 28),
      seg('Speaker 3', "It's Monday, so we should hurry.", 32),
      seg('Speaker 1', 'Can we meet on the twelfth, Friday?', 36),
      seg('Speaker 2', 'Friday, can you send the final sheet?', 40),
      seg('Speaker 3', 'Sounds good.', 44),
    ];
    const names = labelNames(segments, []);
    expect(names.map((n) => n.name).sort()).toEqual(['Daniel', 'Priya']);
    expect(
      namesSaid(segments)
        .filter((m) => m.certain)
        .map((m) => m.name),
    ).toEqual(['Priya', 'Priya', 'Daniel']);
    // a person of that name is still heard: a month can be someone's name
    const may = labelNames(
      [seg('Speaker 1', 'May, can you take the notes?', 0), seg('Speaker 2', 'Sure.', 4)],
      [{ id: 'p1', name: 'May Chen' }],
    );
    expect(may.map((n) => [n.speaker, n.name])).toEqual([['Speaker 2', 'May Chen']]);
  });

  it('gives an addressed name to the next other voice, and self-introductions to the speaker', () => {
    const mentions = namesSaid([
      seg('Speaker 1', "Hi all, I'm Maria from sales.", 0),
      seg('Speaker 1', 'Priya, what about the launch email?', 4),
      seg('Speaker 2', 'It goes out on Monday.', 8),
      seg('Speaker 1', 'Can you fix the checkout by Thursday, David?', 12),
      seg('Speaker 3', 'Yes, I will.', 16),
      seg('Speaker 1', 'Thanks, David.', 20),
    ]);
    expect(mentions).toEqual([
      { name: 'Maria', kind: 'introduced', segment: 0, speaker: 'Speaker 1', certain: true },
      // no "you" follows: only a person's name would make it one
      { name: 'Priya', kind: 'addressed', segment: 1, speaker: 'Speaker 2', certain: false },
      { name: 'David', kind: 'addressed', segment: 3, speaker: 'Speaker 3', certain: true },
      { name: 'David', kind: 'thanked', segment: 5, speaker: 'Speaker 3', certain: true },
    ]);
  });

  it('keeps a garbled name at the start of a question, uncertain when the meeting says it as a word', () => {
    const mentions = namesSaid([
      seg('Speaker 1', 'Pretty, what about the launch email?', 0),
      seg('Speaker 2', 'Done yesterday, it went pretty well.', 4),
      seg('Speaker 1', 'Okay, what else is there? So, can we move on?', 8),
      seg('Speaker 2', 'Sure.', 12),
    ]);
    expect(mentions).toEqual([{ name: 'Pretty', kind: 'addressed', segment: 0, speaker: 'Speaker 2', certain: false }]);
  });

  it('needs an answer from another voice soon after, and a capitalised word after "I\'m"', () => {
    const mentions = namesSaid([
      seg('Speaker 1', "David, are you there? I'm done. I'm sure.", 0, 3),
      seg('Speaker 1', 'Nobody?', 4, 5),
      seg('Speaker 2', 'Sorry, I was muted.', 30, 32),
    ]);
    expect(mentions).toEqual([{ name: 'David', kind: 'addressed', segment: 0, speaker: null, certain: true }]);
  });

  it('reads "my name is" in lower case and two-word names', () => {
    const mentions = namesSaid([seg('Speaker 2', 'hello my name is maria. Thank you David Chen.', 0)]);
    expect(mentions.map((m) => [m.name, m.kind, m.speaker])).toEqual([
      ['maria', 'introduced', 'Speaker 2'],
      ['David Chen', 'thanked', null],
    ]);
  });
});

describe('matchName', () => {
  const people = [
    { id: 'p1', name: 'Priya Raman' },
    { id: 'p2', name: 'David Chen' },
    { id: 'p3', name: 'Catherine Doyle' },
    { id: 'p4', name: 'Maria Lopez' },
  ];

  it('matches by spelling, one letter off, and by sound', () => {
    expect(matchName('David', people)).toEqual({ person: people[1], similarity: 1 });
    expect(matchName('Chen', people)?.person.id).toBe('p2');
    expect(matchName('Marai', people)?.person.id).toBe('p4');
    expect(matchName('Kathryn', people)).toEqual({ person: people[2], similarity: 0.8 });
    expect(matchName('Pretty', people)).toEqual({ person: people[0], similarity: 0.6 });
    expect(matchName('David Chen', people)?.similarity).toBe(1);
  });

  it('matches nobody for an unrelated word, and nobody when two people fit as well', () => {
    expect(matchName('Thursday', people)).toBeNull();
    expect(matchName('David', [...people, { id: 'p5', name: 'David Stone' }])).toBeNull();
    expect(nameSimilarity('Maria Chen', 'Maria Lopez')).toBeLessThan(0.6);
  });
});

describe('labelNames', () => {
  const people = [
    { id: 'p1', name: 'Priya Raman' },
    { id: 'p2', name: 'David Chen' },
  ];

  it('names the labels that answered, introduced themselves or were thanked, with people or without', () => {
    const names = labelNames(
      [
        seg('Speaker 1', "Good morning. I'm Maria, I run sales.", 0),
        seg('Speaker 1', 'Priya, what about the launch email?', 4),
        seg('Speaker 2', 'It goes out on Monday.', 8),
        seg('Speaker 1', 'Can you fix the checkout by Thursday, David?', 12),
        seg('Speaker 3', 'Yes, I can.', 16),
      ],
      people,
    );
    expect(names.map((n) => [n.speaker, n.personId, n.name, n.confidence])).toEqual([
      ['Speaker 1', null, 'Maria', 0.9],
      ['Speaker 2', 'p1', 'Priya Raman', 0.75],
      ['Speaker 3', 'p2', 'David Chen', 0.75],
    ]);
    expect(names[1]!.evidence).toEqual([{ text: 'Priya, what about the launch email?', startTime: 4 }]);
  });

  it('needs two mentions for a sound-alike, and drops an ordinary word that matches nobody', () => {
    const once = [seg('Speaker 1', 'Pretty, what about the email?', 0), seg('Speaker 2', 'Monday.', 4)];
    expect(labelNames(once, people)[0]!.confidence).toBeLessThan(0.5);
    const twice = [...once, seg('Speaker 1', 'Pretty, and the banner?', 8), seg('Speaker 2', 'Friday.', 12)];
    expect(labelNames(twice, people)[0]).toMatchObject({ speaker: 'Speaker 2', personId: 'p1' });
    expect(labelNames(twice, people)[0]!.confidence).toBeGreaterThan(0.5);
    expect(labelNames([seg('Speaker 1', 'Right, what now?', 0), seg('Speaker 2', 'Lunch.', 4)], people)).toEqual([]);
  });

  it('shares a name that points at two labels', () => {
    const names = labelNames(
      [
        seg('Speaker 1', 'David, can you take it?', 0),
        seg('Speaker 2', 'Sure.', 4),
        seg('Speaker 1', 'David, and this one?', 8),
        seg('Speaker 3', 'I will.', 12),
      ],
      people,
    );
    expect(names.map((n) => [n.speaker, n.confidence])).toEqual([
      ['Speaker 2', 0.375],
      ['Speaker 3', 0.375],
    ]);
  });
});
