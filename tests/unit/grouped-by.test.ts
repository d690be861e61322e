import { describe, expect, it } from 'vitest';
import { groupedBy } from '#domain/grouped-by.ts';

describe('groupedBy', () => {
  it("keeps each group's items in order and the groups in the order of their first item", () => {
    const commands = [
      { game: 7, type: 'MoveKickoff' },
      { game: 3, type: 'RecordResult' },
      { game: 7, type: 'RecordResult' },
    ];
    expect(groupedBy(commands, (command) => command.game)).toEqual([
      [7, [commands[0], commands[2]]],
      [3, [commands[1]]],
    ]);
  });
});
