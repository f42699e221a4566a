import { lazyScreen, type LazyScreen } from '../lib/lazy-screen.tsx';

/** A lazily loaded screen inside QueryScope: react-query downloads with the screen, not with `/`. */
export function withQueryScope(screen: LazyScreen): LazyScreen {
  return lazyScreen(async () => {
    const [{ QueryScope }, Screen] = await Promise.all([import('./query-scope.tsx'), screen.preload()]);
    return {
      default: function ScreenInQueryScope() {
        return (
          <QueryScope>
            <Screen />
          </QueryScope>
        );
      },
    };
  });
}
