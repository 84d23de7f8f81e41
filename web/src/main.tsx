// The app starts in three tasks instead of one, so that a slow phone answers a tap while it starts: the
// libraries' modules are run, then the app's, then the app takes over the page. Their files are fetched
// together from the start (the start script of index.html preloads them).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  await import('./start-libraries');
  await nextTask();
  const { startApp } = await import('./start-app');
  await nextTask();
  void startApp();
})();
