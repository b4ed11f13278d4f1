/** Tables of the operations migration (0009_operations). */
export interface StoreSettingTable {
  name: string;
  value: string;
  created_at: number;
}

export interface OperationsTables {
  store_settings: StoreSettingTable;
}
