/** FileReader rather than `Blob.arrayBuffer()`: the same path in every browser and in jsdom. */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(new Error('Não foi possível ler o arquivo.'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * The text of a CSV as a spreadsheet saved it: UTF-8 (Excel's 'CSV UTF-8', with its BOM), else
 * Windows-1252, what Excel in Portuguese saves as 'CSV (separado por vírgulas)'.
 */
export async function readSheetText(file: Blob): Promise<string> {
  const bytes = await readBytes(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
