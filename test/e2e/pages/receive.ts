import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';

/** Page object of the Receive dialog (features/receive), opened from Overview or History. */
export class ReceiveDialogPage {
  readonly dialog: Locator;
  readonly address: Locator;
  readonly memo: Locator;
  readonly qr: Locator;
  readonly caption: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Receive' });
    this.address = this.dialog.getByTestId('receive-address');
    this.memo = this.dialog.getByTestId('receive-memo');
    this.qr = this.dialog.getByTestId('receive-qr').getByRole('img');
    this.caption = this.dialog.getByTestId('receive-qr-caption');
  }

  /** Picks a network and waits until the QR is captioned with it. */
  async chooseNetwork(ticker: string, network: string): Promise<void> {
    await this.dialog.getByLabel('Network').selectOption(network);
    await this.caption.filter({ hasText: `${ticker} on ${network}` }).waitFor();
  }

  /**
   * What a phone reads off the screen: a screenshot of the QR code's element, its pixels (the
   * PNG decoded by the browser's own image decoder) read by jsQR.
   */
  async decodeQr(): Promise<string | undefined> {
    const png = (await this.qr.screenshot()).toString('base64');
    // A string (this file is compiled without the DOM's types); the page decodes the PNG.
    const { width, height, data } = (await this.page.evaluate(`(async () => {
      const image = new Image();
      image.src = 'data:image/png;base64,${png}';
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
      return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
    })()`)) as { width: number; height: number; data: number[] };
    return jsQR(Uint8ClampedArray.from(data), width, height)?.data;
  }
}
