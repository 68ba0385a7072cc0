import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ReturnRequestEntity } from './return-request.entity.js';

/** Units of one order line included in a return request. */
@Entity({ name: 'return_line' })
export class ReturnLineEntity {
  @PrimaryColumn({ name: 'return_id', type: 'int' })
  returnId: number;

  @PrimaryColumn({ name: 'order_line_id', type: 'int' })
  orderLineId: number;

  @Column({ type: 'int' })
  quantity: number;

  @ManyToOne(() => ReturnRequestEntity, (request) => request.lines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'return_id' })
  request?: ReturnRequestEntity;
}
