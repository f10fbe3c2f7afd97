import { devSettings } from './dev.mjs';

describe('npm run dev', () => {
  test('on the default port, the API hands out image and counter URLs through that port', () => {
    expect(devSettings([], {})).toEqual({
      port: 4321,
      apiUrl: 'http://127.0.0.1:8787',
      startApi: true,
      publicUrl: 'http://localhost:4321/api',
      siteUrl: 'http://localhost:4321',
      astroArgs: ['--port', '4321'],
    });
  });

  test('`-- --port N` moves Astro and the URLs the API hands out alike', () => {
    for (const argv of [['--port', '4600'], ['--port=4600']]) {
      const settings = devSettings([...argv, '--open'], {});
      expect(settings.port).toBe(4600);
      expect(settings.publicUrl).toBe('http://localhost:4600/api');
      expect(settings.siteUrl).toBe('http://localhost:4600');
      expect(settings.astroArgs).toEqual(['--port', '4600', '--open']);
    }
  });

  test('PORT does the same, and a port given as an argument wins over it', () => {
    expect(devSettings([], { PORT: '4700' }).publicUrl).toBe('http://localhost:4700/api');
    expect(devSettings(['--port', '4600'], { PORT: '4700' }).port).toBe(4600);
  });

  test('an API named by CATALOG_API_URL is used as it is', () => {
    const settings = devSettings([], { CATALOG_API_URL: 'http://api.example:9000' });
    expect(settings).toMatchObject({ apiUrl: 'http://api.example:9000', startApi: false });
  });

  test('a port that is not a number is refused, naming it', () => {
    expect(() => devSettings(['--port', 'abc'], {})).toThrow('--port: "abc" is not a port number');
  });
});
