// The application menu: File (data folder, quit), Edit, View and Help (API docs).
import { Menu, type MenuItemConstructorOptions } from 'electron';

export type MenuActions = { openDataFolder: () => void; openApiDocs: () => void };

export function menuTemplate(actions: MenuActions, platform: NodeJS.Platform = process.platform): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'File',
      submenu: [
        { label: 'Open Data Folder', click: () => actions.openDataFolder() },
        { type: 'separator' },
        { role: mac ? 'close' : 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' }, { role: 'redo' }, { type: 'separator' },
        { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'pasteAndMatchStyle' }, { role: 'delete' },
        { type: 'separator' }, { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' },
        { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'help', submenu: [{ label: 'API Docs', click: () => actions.openApiDocs() }] },
  ];
  return mac ? [{ role: 'appMenu' }, ...template] : template;
}

export function installMenu(actions: MenuActions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(actions)));
}
