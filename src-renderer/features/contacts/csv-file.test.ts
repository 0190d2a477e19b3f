// The import's reading of a CSV file: columns matched by their header, rows as the core takes them, problems said.
import { describe, expect, it } from 'vitest';
import { readCsvFile } from './csv-file.ts';

describe('readCsvFile', () => {
  it('matches columns case-insensitively, joins first and last name, and splits tags on ; or ,', () => {
    const file = '\uFEFFFirst Name,LAST_NAME,Mobile,E-mail,Tags,Company\r\n'
      + 'Ana,Lima,+55 11 98765-4321,ana@example.com,"vip, lead",Acme\r\n'
      + ',,,bob@example.com,a;b; c,\r\n'
      + '"Multi\nline",,+14155550101,,,\r\n\r\n';
    const read = readCsvFile(file);
    expect(read.columns).toEqual([
      { header: 'First Name', field: 'firstName' }, { header: 'LAST_NAME', field: 'lastName' }, { header: 'Mobile', field: 'phone' },
      { header: 'E-mail', field: 'email' }, { header: 'Tags', field: 'tags' }, { header: 'Company', field: null },
    ]);
    expect(read.rows).toEqual([
      { name: 'Ana Lima', phone: '+55 11 98765-4321', email: 'ana@example.com', tags: ['vip', 'lead'] },
      { email: 'bob@example.com', tags: ['a', 'b', 'c'] },
      { name: 'Multi\nline', phone: '+14155550101' },
    ]);
    expect(read.problems).toEqual([]);
  });

  it('takes name over first and last name, "phone number" for phone, and a file separated by semicolons', () => {
    const read = readCsvFile('name;first name;phone number;email\nZed;Ignored;14155550101;\n');
    expect(read.columns.map((c) => c.field)).toEqual(['name', 'firstName', 'phone', 'email']);
    expect(read.rows).toEqual([{ name: 'Zed', phone: '14155550101' }]);
  });

  it('reads a username column (username, instagram, Instagram ID) as an address a row can be imported by', () => {
    for (const header of ['username', 'Instagram', 'Instagram ID', 'instagram_username']) {
      const read = readCsvFile(`name,${header}\nOwl,night_owl\nNobody,\n`);
      expect(read.columns.map((c) => c.field)).toEqual(['name', 'username']);
      expect(read.rows).toEqual([{ name: 'Owl', username: 'night_owl' }, { name: 'Nobody' }]);
      expect(read.problems).toEqual([{ text: '1 row has no phone, email or username: skipped.', blocking: false }]);
    }
  });

  it("takes the header row's delimiter, however many ; a short file's tags hold", () => {
    const read = readCsvFile('phone,tags\n+14155550101,"vip;lead;trial;R&D\\; EMEA"\n');
    expect(read.columns.map((c) => c.field)).toEqual(['phone', 'tags']);
    expect(read.rows).toEqual([{ phone: '+14155550101', tags: ['vip', 'lead', 'trial', 'R&D; EMEA'] }]);
    expect(readCsvFile('name\tphone\nAna;Lima\t+14155550101\n').rows).toEqual([{ name: 'Ana;Lima', phone: '+14155550101' }]);
  });

  it('takes the formula guard of an export off', () => {
    expect(readCsvFile("name,email,tags\n'=SUM(A1),'-x@example.com,'@a;b\n").rows).toEqual([{ name: '=SUM(A1)', email: '-x@example.com', tags: ['@a', 'b'] }]);
  });

  it('says when no column holds a phone or an email, or no row is under the header, and stops the import', () => {
    const none = readCsvFile('name,company\nAna,Acme\n');
    expect(none.problems).toEqual([{ text: expect.stringContaining('No phone, email or username column'), blocking: true }]);
    expect(readCsvFile('phone\n').problems).toEqual([{ text: 'The file has no rows under its header row.', blocking: true }]);
    expect(readCsvFile('').problems.some((p) => p.blocking)).toBe(true);
  });

  it('counts rows without a phone, email or username, and refuses more than 5,000 rows', () => {
    expect(readCsvFile('name,phone\nAna,\nBo,+14155550101\n').problems).toEqual([{ text: '1 row has no phone, email or username: skipped.', blocking: false }]);
    const big = `phone\n${Array.from({ length: 5001 }, (_, i) => `+1415${String(i).padStart(7, '0')}`).join('\n')}`;
    expect(readCsvFile(big).problems).toEqual([{ text: expect.stringContaining('at most 5,000 are imported at once'), blocking: true }]);
  });

  it('names a malformed row by its number under the header', () => {
    const read = readCsvFile('name,phone\nAna,+14155550101\n"Bo,+14155550102\n');
    expect(read.problems.map((p) => p.text)).toContainEqual(expect.stringMatching(/^Row 2: /));
  });
});
