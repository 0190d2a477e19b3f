// The application menu: File, Edit, View and Help with the shell's own actions wired in.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { Menu, resetFakeElectron } from './testing/fake-electron.ts';
import { installMenu, menuTemplate } from './menu.ts';

vi.mock('electron', () => import('./testing/fake-electron.ts'));

const submenu = (item: MenuItemConstructorOptions | undefined): MenuItemConstructorOptions[] =>
  Array.isArray(item?.submenu) ? item.submenu : [];
const roles = (item: MenuItemConstructorOptions | undefined): string[] =>
  submenu(item).flatMap((entry) => (entry.role ? [entry.role] : []));
const byLabel = (items: MenuItemConstructorOptions[], label: string) => items.find((entry) => entry.label === label);

function clickItem(item: MenuItemConstructorOptions | undefined): void {
  if (!item?.click) throw new Error(`menu item ${item?.label} has no action`);
  (item.click as () => void)();
}

beforeEach(() => resetFakeElectron());

describe('menuTemplate', () => {
  const actions = { openDataFolder: vi.fn(), openApiDocs: vi.fn() };
  const template = menuTemplate(actions, 'linux');

  it('has File, Edit, View and Help', () => {
    expect(template.map((item) => item.label ?? item.role)).toEqual(['File', 'Edit', 'View', 'help']);
  });

  it('File opens the data folder and quits', () => {
    const file = template[0];
    clickItem(byLabel(submenu(file), 'Open Data Folder'));
    expect(actions.openDataFolder).toHaveBeenCalledOnce();
    expect(roles(file)).toEqual(['quit']);
  });

  it('Edit and View carry the standard roles', () => {
    expect(roles(template[1])).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'pasteAndMatchStyle', 'delete', 'selectAll']);
    expect(roles(template[2])).toEqual(['reload', 'forceReload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('Help opens the API docs', () => {
    clickItem(byLabel(submenu(template[3]), 'API Docs'));
    expect(actions.openApiDocs).toHaveBeenCalledOnce();
  });

  it('on macOS starts with the app menu, which holds Quit', () => {
    const mac = menuTemplate(actions, 'darwin');
    expect(mac[0]?.role).toBe('appMenu');
    expect(roles(mac[1])).toEqual(['close']);
  });
});

describe('installMenu', () => {
  it('sets the built template as the application menu', () => {
    installMenu({ openDataFolder: vi.fn(), openApiDocs: vi.fn() });
    expect(Menu.buildFromTemplate).toHaveBeenCalledOnce();
    expect(Menu.setApplicationMenu).toHaveBeenCalledWith(Menu.buildFromTemplate.mock.results[0]?.value);
  });
});
