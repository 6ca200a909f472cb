/** What the app uses of the live stream: following it while the app is open. */
export { connectLive } from './liveStore';
