export function install(__reelShared){var me=__reelShared[8],$=me.document,c=me.globalThis;var x=class extends Event{constructor({action:t="auto",relatedTarget:i,...n}){super("invoke",n),this.action=t,this.relatedTarget=i}},it=class extends Event{constructor({newState:t,oldState:i,...n}){super("toggle",n),this.newState=t,this.oldState=i}};var b=__reelShared[5],pe=b.closestComposedNode,N=b.containsComposedNode,fe=b.getActiveElement,Ct=b.getAttributeMediaController,M=b.getDocumentOrShadowRoot,_=b.getMediaController,nt=b.getStringAttr,ve=b.insertCSSRule,st=b.namedNodeMapToObject,at=b.setStringAttr;var Ht=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},p=(e,t,i)=>(Ht(e,t,"read from private field"),i?i.call(e):t.get(e)),T=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},Mt=(e,t,i,n)=>(Ht(e,t,"write to private field"),n?n.call(e,i):t.set(e,i),i),R=(e,t,i)=>(Ht(e,t,"access private method"),i),ot,K,Dt,ge,lt,Ut,Bt,be,k,D,Rt,rt,Ot;function ze(e){return`
    <style>
      :host {
        transition: var(--media-menu-item-transition,
          background .15s linear,
          opacity .2s ease-in-out
        );
        outline: var(--media-menu-item-outline, 0);
        outline-offset: var(--media-menu-item-outline-offset, -1px);
        cursor: var(--media-cursor, pointer);
        display: flex;
        align-items: center;
        align-self: stretch;
        justify-self: stretch;
        white-space: nowrap;
        white-space-collapse: collapse;
        text-wrap: nowrap;
        padding: .4em .8em .4em 1em;
      }

      :host(:focus-visible) {
        box-shadow: var(--media-menu-item-focus-shadow, inset 0 0 0 2px rgb(27 127 204 / .9));
        outline: var(--media-menu-item-hover-outline, 0);
        outline-offset: var(--media-menu-item-hover-outline-offset,  var(--media-menu-item-outline-offset, -1px));
      }

      :host(:hover) {
        cursor: var(--media-cursor, pointer);
        background: var(--media-menu-item-hover-background, rgb(92 92 102 / .5));
        outline: var(--media-menu-item-hover-outline);
        outline-offset: var(--media-menu-item-hover-outline-offset,  var(--media-menu-item-outline-offset, -1px));
      }

      :host([aria-checked="true"]) {
        background: var(--media-menu-item-checked-background);
      }

      :host([hidden]) {
        display: none;
      }

      :host([disabled]) {
        pointer-events: none;
        color: rgba(255, 255, 255, .3);
      }

      slot:not([name]) {
        width: 100%;
      }

      slot:not([name="submenu"]) {
        display: inline-flex;
        align-items: center;
        transition: inherit;
        opacity: var(--media-menu-item-opacity, 1);
      }

      slot[name="description"] {
        justify-content: end;
      }

      slot[name="description"] > span {
        display: inline-block;
        margin-inline: 1em .2em;
        max-width: var(--media-menu-item-description-max-width, 100px);
        text-overflow: ellipsis;
        overflow: hidden;
        font-size: .8em;
        font-weight: 400;
        text-align: right;
        position: relative;
        top: .04em;
      }

      slot[name="checked-indicator"] {
        display: none;
      }

      :host(:is([role="menuitemradio"],[role="menuitemcheckbox"])) slot[name="checked-indicator"] {
        display: var(--media-menu-item-checked-indicator-display, inline-block);
      }

      
      svg, img, ::slotted(svg), ::slotted(img) {
        height: var(--media-menu-item-icon-height, var(--media-control-height, 24px));
        fill: var(--media-icon-color, var(--media-primary-color, rgb(238 238 238)));
        display: block;
      }

      
      [part~="indicator"],
      ::slotted([part~="indicator"]) {
        fill: var(--media-menu-item-indicator-fill,
          var(--media-icon-color, var(--media-primary-color, rgb(238 238 238))));
        height: var(--media-menu-item-indicator-height, 1.25em);
        margin-right: .5ch;
      }

      [part~="checked-indicator"] {
        visibility: hidden;
      }

      :host([aria-checked="true"]) [part~="checked-indicator"] {
        visibility: visible;
      }
    </style>
    <slot name="checked-indicator">
      <svg aria-hidden="true" viewBox="0 1 24 24" part="checked-indicator indicator">
        <path d="m10 15.17 9.193-9.191 1.414 1.414-10.606 10.606-6.364-6.364 1.414-1.414 4.95 4.95Z"/>
      </svg>
    </slot>
    <slot name="prefix"></slot>
    <slot></slot>
    <slot name="description"></slot>
    <slot name="suffix">
      ${this.getSuffixSlotInnerHTML(e)}
    </slot>
    <slot name="submenu"></slot>
  `}function Ye(e){return""}var f={TYPE:"type",VALUE:"value",CHECKED:"checked",DISABLED:"disabled"},O=class extends c.HTMLElement{constructor(){if(super(),T(this,Dt),T(this,lt),T(this,Bt),T(this,rt),T(this,ot,!1),T(this,K,void 0),T(this,k,()=>{var t,i;this.submenuElement.items&&this.setAttribute("submenusize",`${this.submenuElement.items.length}`);let n=this.shadowRoot.querySelector('slot[name="description"]'),s=(t=this.submenuElement.checkedItems)==null?void 0:t[0],r=(i=s?.dataset.description)!=null?i:s?.text,d=$.createElement("span");d.textContent=r??"",n.replaceChildren(d)}),T(this,D,t=>{let{key:i}=t;if(!this.keysUsed.includes(i)){this.removeEventListener("keyup",p(this,D));return}this.handleClick(t)}),T(this,Rt,t=>{let{metaKey:i,altKey:n,key:s}=t;if(i||n||!this.keysUsed.includes(s)){this.removeEventListener("keyup",p(this,D));return}this.addEventListener("keyup",p(this,D),{once:!0})}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let t=st(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(t)}}static get observedAttributes(){return[f.TYPE,f.DISABLED,f.CHECKED,f.VALUE]}enable(){this.hasAttribute("tabindex")||this.setAttribute("tabindex","-1"),P(this)&&!this.hasAttribute("aria-checked")&&this.setAttribute("aria-checked","false"),this.addEventListener("click",this),this.addEventListener("keydown",this)}disable(){this.removeAttribute("tabindex"),this.removeEventListener("click",this),this.removeEventListener("keydown",this),this.removeEventListener("keyup",this)}handleEvent(t){switch(t.type){case"slotchange":R(this,Dt,ge).call(this,t);break;case"click":this.handleClick(t);break;case"keydown":p(this,Rt).call(this,t);break;case"keyup":p(this,D).call(this,t);break}}attributeChangedCallback(t,i,n){t===f.CHECKED&&P(this)&&!p(this,ot)?this.setAttribute("aria-checked",n!=null?"true":"false"):t===f.TYPE&&n!==i?this.role="menuitem"+n:t===f.DISABLED&&n!==i&&(n==null?this.enable():this.disable())}connectedCallback(){this.hasAttribute(f.DISABLED)||this.enable(),this.role="menuitem"+this.type,Mt(this,K,Wt(this,this.parentNode)),R(this,rt,Ot).call(this),this.submenuElement&&R(this,lt,Ut).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){this.disable(),R(this,rt,Ot).call(this),Mt(this,K,null),this.shadowRoot.removeEventListener("slotchange",this)}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(t){this.setAttribute("invoketarget",`${t}`)}get invokeTargetElement(){var t;return this.invokeTarget?(t=M(this))==null?void 0:t.querySelector(`#${this.invokeTarget}`):this.submenuElement}get submenuElement(){return this.shadowRoot.querySelector('slot[name="submenu"]').assignedElements({flatten:!0})[0]}get type(){var t;return(t=this.getAttribute(f.TYPE))!=null?t:""}set type(t){this.setAttribute(f.TYPE,`${t}`)}get value(){var t;return(t=this.getAttribute(f.VALUE))!=null?t:this.text}set value(t){this.setAttribute(f.VALUE,t)}get text(){var t;return((t=this.textContent)!=null?t:"").trim()}get checked(){if(P(this))return this.getAttribute("aria-checked")==="true"}set checked(t){P(this)&&(Mt(this,ot,!0),this.setAttribute("aria-checked",t?"true":"false"),t?this.part.add("checked"):this.part.remove("checked"))}handleClick(t){P(this)||this.invokeTargetElement&&N(this,t.target)&&this.invokeTargetElement.dispatchEvent(new x({relatedTarget:this}))}get keysUsed(){return["Enter"," "]}};ot=new WeakMap;K=new WeakMap;Dt=new WeakSet;ge=function(e){let t=e.target;if(!t?.name)for(let n of t.assignedNodes({flatten:!0}))n instanceof Text&&n.textContent.trim()===""&&n.remove();t.name==="submenu"&&(this.submenuElement?R(this,lt,Ut).call(this):R(this,Bt,be).call(this))};lt=new WeakSet;Ut=async function(){this.setAttribute("aria-haspopup","menu"),this.setAttribute("aria-expanded",`${!this.submenuElement.hidden}`),this.submenuElement.addEventListener("change",p(this,k)),this.submenuElement.addEventListener("addmenuitem",p(this,k)),this.submenuElement.addEventListener("removemenuitem",p(this,k)),p(this,k).call(this)};Bt=new WeakSet;be=function(){this.removeAttribute("aria-haspopup"),this.removeAttribute("aria-expanded"),this.submenuElement.removeEventListener("change",p(this,k)),this.submenuElement.removeEventListener("addmenuitem",p(this,k)),this.submenuElement.removeEventListener("removemenuitem",p(this,k)),p(this,k).call(this)};k=new WeakMap;D=new WeakMap;Rt=new WeakMap;rt=new WeakSet;Ot=function(){var e;let t=(e=p(this,K))==null?void 0:e.radioGroupItems;if(!t)return;let i=t.filter(n=>n.getAttribute("aria-checked")==="true").pop();i||(i=t[0]);for(let n of t)n.setAttribute("aria-checked","false");i?.setAttribute("aria-checked","true")};O.shadowRootOptions={mode:"open"};O.getTemplateHTML=ze;O.getSuffixSlotInnerHTML=Ye;function P(e){return e.type==="radio"||e.type==="checkbox"}function Wt(e,t){if(!e)return null;let{host:i}=e.getRootNode();return!t&&i?Wt(e,i):t?.items?t:Wt(t,t?.parentNode)}c.customElements.get("media-chrome-menu-item")||c.customElements.define("media-chrome-menu-item",O);var $t=__reelShared[0],Nt=$t.MediaStateReceiverAttributes,a=$t.MediaUIAttributes,q=$t.MediaUIEvents;function _e({anchor:e,floating:t,placement:i}){let n=Fe({anchor:e,floating:t}),{x:s,y:r}=Qe(n,i);return{x:s,y:r}}function Fe({anchor:e,floating:t}){return{anchor:Je(e,t.offsetParent),floating:{x:0,y:0,width:t.offsetWidth,height:t.offsetHeight}}}function Je(e,t){var i;let n=e.getBoundingClientRect(),s=(i=t?.getBoundingClientRect())!=null?i:{x:0,y:0};return{x:n.x-s.x,y:n.y-s.y,width:n.width,height:n.height}}function Qe({anchor:e,floating:t},i){let n=Xe(i)==="x"?"y":"x",s=n==="y"?"height":"width",r=ke(i),d=e.x+e.width/2-t.width/2,m=e.y+e.height/2-t.height/2,u=e[s]/2-t[s]/2,g;switch(r){case"top":g={x:d,y:e.y-t.height};break;case"bottom":g={x:d,y:e.y+e.height};break;case"right":g={x:e.x+e.width,y:m};break;case"left":g={x:e.x-t.width,y:m};break;default:g={x:e.x,y:e.y}}switch(i.split("-")[1]){case"start":g[n]-=u;break;case"end":g[n]+=u;break}return g}function ke(e){return e.split("-")[0]}function Xe(e){return["top","bottom"].includes(ke(e))?"y":"x"}var Ee=__reelShared[7],G=Ee.observeResize,Z=Ee.unobserveResize;var Vt=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},o=(e,t,i)=>(Vt(e,t,"read from private field"),i?i.call(e):t.get(e)),l=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},v=(e,t,i,n)=>(Vt(e,t,"write to private field"),n?n.call(e,i):t.set(e,i),i),h=(e,t,i)=>(Vt(e,t,"access private method"),i),E,y,A,ht,z,L,J,Pt,Se,ut,jt,mt,dt,Kt,qt,Te,Gt,Ae,Zt,xe,W,H,U,Q,pt,te,zt,ye,ee,Ie,Yt,we,ie,Le,Ft,Ce,Jt,Me,Y,ft,Qt,De,F,vt,ct,Xt;function V({type:e,text:t,value:i,checked:n}){let s=$.createElement("media-chrome-menu-item");s.type=e??"",s.part.add("menu-item"),e&&s.part.add(e),s.value=i,s.checked=n;let r=$.createElement("span");return r.textContent=t,s.append(r),s}function B(e,t){let i=e.querySelector(`:scope > [slot="${t}"]`);if(i?.nodeName=="SLOT"&&(i=i.assignedElements({flatten:!0})[0]),i)return i=i.cloneNode(!0),i;let n=e.shadowRoot.querySelector(`[name="${t}"] > svg`);return n?n.cloneNode(!0):""}function Ve(e){return`
    <style>
      :host {
        font: var(--media-font,
          var(--media-font-weight, normal)
          var(--media-font-size, 14px) /
          var(--media-text-content-height, var(--media-control-height, 24px))
          var(--media-font-family, helvetica neue, segoe ui, roboto, arial, sans-serif));
        color: var(--media-text-color, var(--media-primary-color, rgb(238 238 238)));
        --_menu-bg: rgb(20 20 30 / .8);
        background: var(--media-menu-background, var(--media-control-background, var(--media-secondary-color, var(--_menu-bg))));
        border-radius: var(--media-menu-border-radius);
        border: var(--media-menu-border, none);
        display: var(--media-menu-display, inline-flex) !important;
        
        transition: var(--media-menu-transition-in,
          visibility 0s,
          opacity .2s ease-out,
          transform .15s ease-out,
          left .2s ease-in-out,
          min-width .2s ease-in-out,
          min-height .2s ease-in-out
        ) !important;
        
        visibility: var(--media-menu-visibility, visible);
        opacity: var(--media-menu-opacity, 1);
        max-height: var(--media-menu-max-height, var(--_menu-max-height, 300px));
        transform: var(--media-menu-transform-in, translateY(0) scale(1));
        flex-direction: column;
        
        min-height: 0;
        position: relative;
        bottom: var(--_menu-bottom);
        box-sizing: border-box;
      } 

      @-moz-document url-prefix() {
        :host{
          --_menu-bg: rgb(20 20 30);
        }
      }

      :host([hidden]) {
        transition: var(--media-menu-transition-out,
          visibility .15s ease-in,
          opacity .15s ease-in,
          transform .15s ease-in
        ) !important;
        visibility: var(--media-menu-hidden-visibility, hidden);
        opacity: var(--media-menu-hidden-opacity, 0);
        max-height: var(--media-menu-hidden-max-height,
          var(--media-menu-max-height, var(--_menu-max-height, 300px)));
        transform: var(--media-menu-transform-out, translateY(2px) scale(.99));
        pointer-events: none;
      }

      :host([slot="submenu"]) {
        background: none;
        width: 100%;
        min-height: 100%;
        position: absolute;
        bottom: 0;
        right: -100%;
      }

      #container {
        display: flex;
        flex-direction: column;
        min-height: 0;
        transition: transform .2s ease-out;
        transform: translate(0, 0);
      }

      #container.has-expanded {
        transition: transform .2s ease-in;
        transform: translate(-100%, 0);
      }

      button {
        background: none;
        color: inherit;
        border: none;
        padding: 0;
        font: inherit;
        outline: inherit;
        display: inline-flex;
        align-items: center;
      }

      slot[name="header"][hidden] {
        display: none;
      }

      slot[name="header"] > *,
      slot[name="header"]::slotted(*) {
        padding: .4em .7em;
        border-bottom: 1px solid rgb(255 255 255 / .25);
        cursor: var(--media-cursor, default);
      }

      slot[name="header"] > button[part~="back"],
      slot[name="header"]::slotted(button[part~="back"]) {
        cursor: var(--media-cursor, pointer);
      }

      svg[part~="back"] {
        height: var(--media-menu-icon-height, var(--media-control-height, 24px));
        fill: var(--media-icon-color, var(--media-primary-color, rgb(238 238 238)));
        display: block;
        margin-right: .5ch;
      }

      slot:not([name]) {
        gap: var(--media-menu-gap);
        flex-direction: var(--media-menu-flex-direction, column);
        overflow: var(--media-menu-overflow, hidden auto);
        display: flex;
        min-height: 0;
      }

      :host([role="menu"]) slot:not([name]) {
        padding-block: .4em;
      }

      slot:not([name])::slotted([role="menu"]) {
        background: none;
      }

      media-chrome-menu-item > span {
        margin-right: .5ch;
        max-width: var(--media-menu-item-max-width);
        text-overflow: ellipsis;
        overflow: hidden;
      }
    </style>
    <style id="layout-row" media="width:0">

      slot[name="header"] > *,
      slot[name="header"]::slotted(*) {
        padding: .4em .5em;
      }

      slot:not([name]) {
        gap: var(--media-menu-gap, .25em);
        flex-direction: var(--media-menu-flex-direction, row);
        padding-inline: .5em;
      }

      media-chrome-menu-item {
        padding: .3em .5em;
      }

      media-chrome-menu-item[aria-checked="true"] {
        background: var(--media-menu-item-checked-background, rgb(255 255 255 / .2));
      }

      
      media-chrome-menu-item::part(checked-indicator) {
        display: var(--media-menu-item-checked-indicator-display, none);
      }
    </style>
    <div id="container" part="container">
      <slot name="header" hidden>
        <button part="back button" aria-label="Back to previous menu">
          <slot name="back-icon">
            <svg aria-hidden="true" viewBox="0 0 20 24" part="back indicator">
              <path d="m11.88 17.585.742-.669-4.2-4.665 4.2-4.666-.743-.669-4.803 5.335 4.803 5.334Z"/>
            </svg>
          </slot>
          <slot name="title"></slot>
        </button>
      </slot>
      <slot></slot>
    </div>
    <slot name="checked-indicator" hidden></slot>
  `}var w={STYLE:"style",HIDDEN:"hidden",DISABLED:"disabled",ANCHOR:"anchor"},S=class extends c.HTMLElement{constructor(){if(super(),l(this,Pt),l(this,ut),l(this,dt),l(this,qt),l(this,Gt),l(this,Zt),l(this,U),l(this,pt),l(this,zt),l(this,ee),l(this,Yt),l(this,ie),l(this,Ft),l(this,Jt),l(this,Y),l(this,Qt),l(this,F),l(this,ct),l(this,E,null),l(this,y,null),l(this,A,null),l(this,ht,new Set),l(this,z,void 0),l(this,L,!1),l(this,J,null),l(this,mt,()=>{let t=o(this,ht),i=new Set(this.items);for(let n of t)i.has(n)||this.dispatchEvent(new CustomEvent("removemenuitem",{detail:n}));for(let n of i)t.has(n)||this.dispatchEvent(new CustomEvent("addmenuitem",{detail:n}));v(this,ht,i)}),l(this,W,()=>{h(this,U,Q).call(this),h(this,pt,te).call(this,!1)}),l(this,H,()=>{h(this,U,Q).call(this)}),!this.shadowRoot){this.attachShadow(this.constructor.shadowRootOptions);let t=st(this.attributes);this.shadowRoot.innerHTML=this.constructor.getTemplateHTML(t)}this.container=this.shadowRoot.querySelector("#container"),this.defaultSlot=this.shadowRoot.querySelector("slot:not([name])"),v(this,z,new MutationObserver(o(this,mt)))}static get observedAttributes(){return[w.DISABLED,w.HIDDEN,w.STYLE,w.ANCHOR,Nt.MEDIA_CONTROLLER]}static formatMenuItemText(t,i){return t}enable(){this.addEventListener("click",this),this.addEventListener("focusout",this),this.addEventListener("keydown",this),this.addEventListener("invoke",this),this.addEventListener("toggle",this)}disable(){this.removeEventListener("click",this),this.removeEventListener("focusout",this),this.removeEventListener("keyup",this),this.removeEventListener("invoke",this),this.removeEventListener("toggle",this)}handleEvent(t){switch(t.type){case"slotchange":h(this,Pt,Se).call(this,t);break;case"invoke":h(this,qt,Te).call(this,t);break;case"click":h(this,zt,ye).call(this,t);break;case"toggle":h(this,Yt,we).call(this,t);break;case"focusout":h(this,Ft,Ce).call(this,t);break;case"keydown":h(this,Jt,Me).call(this,t);break}}connectedCallback(){var t,i;o(this,z).observe(this.defaultSlot,{childList:!0}),v(this,J,ve(this.shadowRoot,":host")),h(this,dt,Kt).call(this),this.hasAttribute("disabled")||this.enable(),this.role||(this.role="menu"),v(this,E,Ct(this)),(i=(t=o(this,E))==null?void 0:t.associateElement)==null||i.call(t,this),this.hidden||(G(X(this),o(this,W)),G(this,o(this,H))),h(this,ut,jt).call(this),this.shadowRoot.addEventListener("slotchange",this)}disconnectedCallback(){var t,i;o(this,z).disconnect(),Z(X(this),o(this,W)),Z(this,o(this,H)),this.disable(),(i=(t=o(this,E))==null?void 0:t.unassociateElement)==null||i.call(t,this),v(this,E,null),v(this,y,null),v(this,A,null),this.shadowRoot.removeEventListener("slotchange",this)}attributeChangedCallback(t,i,n){var s,r,d,m;t===w.HIDDEN&&n!==i?(o(this,L)||v(this,L,!0),this.hidden?h(this,Zt,xe).call(this):h(this,Gt,Ae).call(this),this.dispatchEvent(new it({oldState:this.hidden?"open":"closed",newState:this.hidden?"closed":"open",bubbles:!0}))):t===Nt.MEDIA_CONTROLLER?(i&&((r=(s=o(this,E))==null?void 0:s.unassociateElement)==null||r.call(s,this),v(this,E,null)),n&&this.isConnected&&(v(this,E,Ct(this)),(m=(d=o(this,E))==null?void 0:d.associateElement)==null||m.call(d,this))):t===w.DISABLED&&n!==i?n==null?this.enable():this.disable():t===w.STYLE&&n!==i&&h(this,dt,Kt).call(this)}formatMenuItemText(t,i){return this.constructor.formatMenuItemText(t,i)}get anchor(){return this.getAttribute("anchor")}set anchor(t){this.setAttribute("anchor",`${t}`)}get anchorElement(){var t;return this.anchor?(t=M(this))==null?void 0:t.querySelector(`#${this.anchor}`):null}get items(){return this.defaultSlot.assignedElements({flatten:!0}).filter(je)}get radioGroupItems(){return this.items.filter(t=>t.role==="menuitemradio")}get checkedItems(){return this.items.filter(t=>t.checked)}get value(){var t,i;return(i=(t=this.checkedItems[0])==null?void 0:t.value)!=null?i:""}set value(t){let i=this.items.find(n=>n.value===t);i&&h(this,ct,Xt).call(this,i)}focus(){if(v(this,y,fe()),this.items.length){h(this,F,vt).call(this,this.items[0]),this.items[0].focus();return}let t=this.querySelector('[autofocus], [tabindex]:not([tabindex="-1"]), [role="menu"]');t?.focus()}handleSelect(t){var i;let n=h(this,Y,ft).call(this,t);n&&(h(this,ct,Xt).call(this,n,n.type==="checkbox"),o(this,A)&&!this.hidden&&((i=o(this,y))==null||i.focus(),this.hidden=!0))}get keysUsed(){return["Enter","Escape","Tab"," ","ArrowDown","ArrowUp","Home","End"]}handleMove(t){var i,n;let{key:s}=t,r=this.items,d=(n=(i=h(this,Y,ft).call(this,t))!=null?i:h(this,Qt,De).call(this))!=null?n:r[0],m=r.indexOf(d),u=Math.max(0,m);s==="ArrowDown"?u++:s==="ArrowUp"?u--:t.key==="Home"?u=0:t.key==="End"&&(u=r.length-1),u<0&&(u=r.length-1),u>r.length-1&&(u=0),h(this,F,vt).call(this,r[u]),r[u].focus()}};E=new WeakMap;y=new WeakMap;A=new WeakMap;ht=new WeakMap;z=new WeakMap;L=new WeakMap;J=new WeakMap;Pt=new WeakSet;Se=function(e){let t=e.target;for(let i of t.assignedNodes({flatten:!0}))i.nodeType===3&&i.textContent.trim()===""&&i.remove();["header","title"].includes(t.name)&&h(this,ut,jt).call(this),t.name||o(this,mt).call(this)};ut=new WeakSet;jt=function(){let e=this.shadowRoot.querySelector('slot[name="header"]'),t=this.shadowRoot.querySelector('slot[name="title"]');e.hidden=t.assignedNodes().length===0&&e.assignedNodes().length===0};mt=new WeakMap;dt=new WeakSet;Kt=function(){var e;let t=this.shadowRoot.querySelector("#layout-row"),i=(e=getComputedStyle(this).getPropertyValue("--media-menu-layout"))==null?void 0:e.trim();t.setAttribute("media",i==="row"?"":"width:0")};qt=new WeakSet;Te=function(e){v(this,A,e.relatedTarget),N(this,e.relatedTarget)||(this.hidden=!this.hidden)};Gt=new WeakSet;Ae=function(){var e;(e=o(this,A))==null||e.setAttribute("aria-expanded","true"),this.addEventListener("transitionend",()=>this.focus(),{once:!0}),G(X(this),o(this,W)),G(this,o(this,H))};Zt=new WeakSet;xe=function(){var e;(e=o(this,A))==null||e.setAttribute("aria-expanded","false"),Z(X(this),o(this,W)),Z(this,o(this,H))};W=new WeakMap;H=new WeakMap;U=new WeakSet;Q=function(e){if(this.hasAttribute("mediacontroller")&&!this.anchor||this.hidden||!this.anchorElement)return;let{x:t,y:i}=_e({anchor:this.anchorElement,floating:this,placement:"top-start"});e??(e=this.offsetWidth);let s=X(this).getBoundingClientRect(),r=s.width-t-e,d=s.height-i-this.offsetHeight,{style:m}=o(this,J);m.setProperty("position","absolute"),m.setProperty("right",`${Math.max(0,r)}px`),m.setProperty("--_menu-bottom",`${d}px`);let u=getComputedStyle(this),Ge=m.getPropertyValue("--_menu-bottom")===u.bottom?d:parseFloat(u.bottom),Ze=s.height-Ge-parseFloat(u.marginBottom);this.style.setProperty("--_menu-max-height",`${Ze}px`)};pt=new WeakSet;te=function(e){let t=this.querySelector('[role="menuitem"][aria-haspopup][aria-expanded="true"]'),i=t?.querySelector('[role="menu"]'),{style:n}=o(this,J);if(e||n.setProperty("--media-menu-transition-in","none"),i){let s=i.offsetHeight,r=Math.max(i.offsetWidth,t.offsetWidth);this.style.setProperty("min-width",`${r}px`),this.style.setProperty("min-height",`${s}px`),h(this,U,Q).call(this,r)}else this.style.removeProperty("min-width"),this.style.removeProperty("min-height"),h(this,U,Q).call(this);n.removeProperty("--media-menu-transition-in")};zt=new WeakSet;ye=function(e){var t;if(e.stopPropagation(),e.composedPath().includes(o(this,ee,Ie))){(t=o(this,y))==null||t.focus(),this.hidden=!0;return}let i=h(this,Y,ft).call(this,e);!i||i.hasAttribute("disabled")||(h(this,F,vt).call(this,i),this.handleSelect(e))};ee=new WeakSet;Ie=function(){var e;return(e=this.shadowRoot.querySelector('slot[name="header"]').assignedElements({flatten:!0}))==null?void 0:e.find(i=>i.matches('button[part~="back"]'))};Yt=new WeakSet;we=function(e){if(e.target===this)return;h(this,ie,Le).call(this);let t=Array.from(this.querySelectorAll('[role="menuitem"][aria-haspopup]'));for(let i of t)i.invokeTargetElement!=e.target&&e.newState=="open"&&i.getAttribute("aria-expanded")=="true"&&!i.invokeTargetElement.hidden&&i.invokeTargetElement.dispatchEvent(new x({relatedTarget:i}));for(let i of t)i.setAttribute("aria-expanded",`${!i.submenuElement.hidden}`);h(this,pt,te).call(this,!0)};ie=new WeakSet;Le=function(){let t=this.querySelector('[role="menuitem"] > [role="menu"]:not([hidden])');this.container.classList.toggle("has-expanded",!!t)};Ft=new WeakSet;Ce=function(e){var t;N(this,e.relatedTarget)||(o(this,L)&&((t=o(this,y))==null||t.focus()),o(this,A)&&o(this,A)!==e.relatedTarget&&!this.hidden&&(this.hidden=!0))};Jt=new WeakSet;Me=function(e){var t,i,n,s,r;let{key:d,ctrlKey:m,altKey:u,metaKey:g}=e;if(!(m||u||g)&&this.keysUsed.includes(d))if(e.preventDefault(),e.stopPropagation(),d==="Tab"){if(o(this,L)){this.hidden=!0;return}e.shiftKey?(i=(t=this.previousElementSibling)==null?void 0:t.focus)==null||i.call(t):(s=(n=this.nextElementSibling)==null?void 0:n.focus)==null||s.call(n),this.blur()}else d==="Escape"?((r=o(this,y))==null||r.focus(),o(this,L)&&(this.hidden=!0)):d==="Enter"||d===" "?this.handleSelect(e):this.handleMove(e)};Y=new WeakSet;ft=function(e){return e.composedPath().find(t=>["menuitemradio","menuitemcheckbox"].includes(t.role))};Qt=new WeakSet;De=function(){return this.items.find(e=>e.tabIndex===0)};F=new WeakSet;vt=function(e){for(let t of this.items)t.tabIndex=t===e?0:-1};ct=new WeakSet;Xt=function(e,t){let i=[...this.checkedItems];e.type==="radio"&&this.radioGroupItems.forEach(n=>n.checked=!1),t?e.checked=!e.checked:e.checked=!0,this.checkedItems.some((n,s)=>n!=i[s])&&this.dispatchEvent(new Event("change",{bubbles:!0,composed:!0}))};S.shadowRootOptions={mode:"open"};S.getTemplateHTML=Ve;function je(e){return["menuitem","menuitemradio","menuitemcheckbox"].includes(e?.role)}function X(e){var t;return(t=e.getAttribute("bounds")?pe(e,`#${e.getAttribute("bounds")}`):_(e)||e.parentElement)!=null?t:e}c.customElements.get("media-chrome-menu")||c.customElements.define("media-chrome-menu",S);var gt=__reelShared[4],Re=gt.areSubsOn,ne=gt.formatTextTrackObj,bt=gt.parseTextTracksStr,_t=gt.stringifyTextTrackList;var ti=__reelShared[6],I=ti.t;var re=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},ei=(e,t,i)=>(re(e,t,"read from private field"),i?i.call(e):t.get(e)),se=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},ii=(e,t,i,n)=>(re(e,t,"write to private field"),n?n.call(e,i):t.set(e,i),i),kt=(e,t,i)=>(re(e,t,"access private method"),i),Tt,Et,ae,St,oe,ni=`
  <svg aria-hidden="true" viewBox="0 0 26 24" part="captions-indicator indicator">
    <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
  </svg>`;function si(e){return`
    ${S.getTemplateHTML(e)}
    <slot name="captions-indicator" hidden>${ni}</slot>
  `}var At=class extends S{constructor(){super(...arguments),se(this,Et),se(this,St),se(this,Tt,void 0)}static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_SUBTITLES_LIST,a.MEDIA_SUBTITLES_SHOWING]}attributeChangedCallback(t,i,n){super.attributeChangedCallback(t,i,n),t===a.MEDIA_SUBTITLES_LIST&&i!==n?kt(this,Et,ae).call(this):t===a.MEDIA_SUBTITLES_SHOWING&&i!==n&&(this.value=n||"",kt(this,Et,ae).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",kt(this,St,oe))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",kt(this,St,oe))}get anchorElement(){return this.anchor!=="auto"?super.anchorElement:_(this).querySelector("media-captions-menu-button")}get mediaSubtitlesList(){return Oe(this,a.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(t){We(this,a.MEDIA_SUBTITLES_LIST,t)}get mediaSubtitlesShowing(){return Oe(this,a.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(t){We(this,a.MEDIA_SUBTITLES_SHOWING,t)}};Tt=new WeakMap;Et=new WeakSet;ae=function(){var e;let t=ei(this,Tt)!==JSON.stringify(this.mediaSubtitlesList),i=this.value!==this.getAttribute(a.MEDIA_SUBTITLES_SHOWING);if(!t&&!i)return;ii(this,Tt,JSON.stringify(this.mediaSubtitlesList)),this.defaultSlot.textContent="";let n=!this.value,s=V({type:"radio",text:this.formatMenuItemText(I("Off")),value:"off",checked:n});s.prepend(B(this,"checked-indicator")),this.defaultSlot.append(s);let r=this.mediaSubtitlesList;for(let d of r){let m=V({type:"radio",text:this.formatMenuItemText(d.label,d),value:ne(d),checked:this.value==ne(d)});m.prepend(B(this,"checked-indicator")),((e=d.kind)!=null?e:"subs")==="captions"&&m.append(B(this,"captions-indicator")),this.defaultSlot.append(m)}};St=new WeakSet;oe=function(){let e=this.mediaSubtitlesShowing,t=this.getAttribute(a.MEDIA_SUBTITLES_SHOWING),i=this.value!==t;if(e?.length&&i&&this.dispatchEvent(new c.CustomEvent(q.MEDIA_DISABLE_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:e})),!this.value||!i)return;let n=new c.CustomEvent(q.MEDIA_SHOW_SUBTITLES_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(n)};At.getTemplateHTML=si;var Oe=(e,t)=>{let i=e.getAttribute(t);return i?bt(i):[]},We=(e,t,i)=>{if(!i?.length){e.removeAttribute(t);return}let n=_t(i);e.getAttribute(t)!==n&&e.setAttribute(t,n)};c.customElements.get("media-captions-menu")||c.customElements.define("media-captions-menu",At);var ai=__reelShared[2],He=ai.MediaChromeButton;var C=class extends He{connectedCallback(){super.connectedCallback(),this.invokeTargetElement&&this.setAttribute("aria-haspopup","menu")}get invokeTarget(){return this.getAttribute("invoketarget")}set invokeTarget(t){this.setAttribute("invoketarget",`${t}`)}get invokeTargetElement(){var t;return this.invokeTarget?(t=M(this))==null?void 0:t.querySelector(`#${this.invokeTarget}`):null}handleClick(){var t;(t=this.invokeTargetElement)==null||t.dispatchEvent(new x({relatedTarget:this}))}};c.customElements.get("media-chrome-menu-button")||c.customElements.define("media-chrome-menu-button",C);var oi=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M22.83 5.68a2.58 2.58 0 0 0-2.3-2.5c-3.62-.24-11.44-.24-15.06 0a2.58 2.58 0 0 0-2.3 2.5c-.23 4.21-.23 8.43 0 12.64a2.58 2.58 0 0 0 2.3 2.5c3.62.24 11.44.24 15.06 0a2.58 2.58 0 0 0 2.3-2.5c.23-4.21.23-8.43 0-12.64Zm-11.39 9.45a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.92 3.92 0 0 1 .92-2.77 3.18 3.18 0 0 1 2.43-1 2.94 2.94 0 0 1 2.13.78c.364.359.62.813.74 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.17 1.61 1.61 0 0 0-1.29.58 2.79 2.79 0 0 0-.5 1.89 3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.48 1.48 0 0 0 1-.37 2.1 2.1 0 0 0 .59-1.14l1.4.44a3.23 3.23 0 0 1-1.07 1.69Zm7.22 0a3.07 3.07 0 0 1-1.91.57 3.06 3.06 0 0 1-2.34-1 3.75 3.75 0 0 1-.92-2.67 3.88 3.88 0 0 1 .93-2.77 3.14 3.14 0 0 1 2.42-1 3 3 0 0 1 2.16.82 2.8 2.8 0 0 1 .73 1.31l-1.43.35a1.49 1.49 0 0 0-1.51-1.21 1.61 1.61 0 0 0-1.29.58A2.79 2.79 0 0 0 15 12a3 3 0 0 0 .49 1.93 1.61 1.61 0 0 0 1.27.58 1.44 1.44 0 0 0 1-.37 2.1 2.1 0 0 0 .6-1.15l1.4.44a3.17 3.17 0 0 1-1.1 1.7Z"/>
</svg>`,ri=`<svg aria-hidden="true" viewBox="0 0 26 24">
  <path d="M17.73 14.09a1.4 1.4 0 0 1-1 .37 1.579 1.579 0 0 1-1.27-.58A3 3 0 0 1 15 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34A2.89 2.89 0 0 0 19 9.07a3 3 0 0 0-2.14-.78 3.14 3.14 0 0 0-2.42 1 3.91 3.91 0 0 0-.93 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.17 3.17 0 0 0 1.07-1.74l-1.4-.45c-.083.43-.3.822-.62 1.12Zm-7.22 0a1.43 1.43 0 0 1-1 .37 1.58 1.58 0 0 1-1.27-.58A3 3 0 0 1 7.76 12a2.8 2.8 0 0 1 .5-1.85 1.63 1.63 0 0 1 1.29-.57 1.47 1.47 0 0 1 1.51 1.2l1.43-.34a2.81 2.81 0 0 0-.74-1.32 2.94 2.94 0 0 0-2.13-.78 3.18 3.18 0 0 0-2.43 1 4 4 0 0 0-.92 2.78 3.74 3.74 0 0 0 .92 2.66 3.07 3.07 0 0 0 2.34 1 3.07 3.07 0 0 0 1.91-.57 3.23 3.23 0 0 0 1.07-1.74l-1.4-.45a2.06 2.06 0 0 1-.6 1.07Zm12.32-8.41a2.59 2.59 0 0 0-2.3-2.51C18.72 3.05 15.86 3 13 3c-2.86 0-5.72.05-7.53.17a2.59 2.59 0 0 0-2.3 2.51c-.23 4.207-.23 8.423 0 12.63a2.57 2.57 0 0 0 2.3 2.5c1.81.13 4.67.19 7.53.19 2.86 0 5.72-.06 7.53-.19a2.57 2.57 0 0 0 2.3-2.5c.23-4.207.23-8.423 0-12.63Zm-1.49 12.53a1.11 1.11 0 0 1-.91 1.11c-1.67.11-4.45.18-7.43.18-2.98 0-5.76-.07-7.43-.18a1.11 1.11 0 0 1-.91-1.11c-.21-4.14-.21-8.29 0-12.43a1.11 1.11 0 0 1 .91-1.11C7.24 4.56 10 4.49 13 4.49s5.76.07 7.43.18a1.11 1.11 0 0 1 .91 1.11c.21 4.14.21 8.29 0 12.43Z"/>
</svg>`;function li(){return`
    <style>
      :host([data-captions-enabled="true"]) slot[name=off] {
        display: none !important;
      }

      
      :host(:not([data-captions-enabled="true"])) slot[name=on] {
        display: none !important;
      }

      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>

    <slot name="icon">
      <slot name="on">${oi}</slot>
      <slot name="off">${ri}</slot>
    </slot>
  `}function hi(){return I("Captions")}var Ue=e=>{e.setAttribute("data-captions-enabled",Re(e).toString())},Be=e=>{e.setAttribute("aria-label",I("closed captions"))},j=class extends C{static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_SUBTITLES_LIST,a.MEDIA_SUBTITLES_SHOWING,a.MEDIA_LANG]}connectedCallback(){super.connectedCallback(),Be(this),Ue(this)}attributeChangedCallback(t,i,n){super.attributeChangedCallback(t,i,n),t===a.MEDIA_SUBTITLES_SHOWING?Ue(this):t===a.MEDIA_LANG&&Be(this)}get invokeTargetElement(){var t;return this.invokeTarget!=null?super.invokeTargetElement:(t=_(this))==null?void 0:t.querySelector("media-captions-menu")}get mediaSubtitlesList(){return $e(this,a.MEDIA_SUBTITLES_LIST)}set mediaSubtitlesList(t){Ne(this,a.MEDIA_SUBTITLES_LIST,t)}get mediaSubtitlesShowing(){return $e(this,a.MEDIA_SUBTITLES_SHOWING)}set mediaSubtitlesShowing(t){Ne(this,a.MEDIA_SUBTITLES_SHOWING,t)}};j.getSlotTemplateHTML=li;j.getTooltipContentHTML=hi;var $e=(e,t)=>{let i=e.getAttribute(t);return i?bt(i):[]},Ne=(e,t,i)=>{if(!i?.length){e.removeAttribute(t);return}let n=_t(i);e.getAttribute(t)!==n&&e.setAttribute(t,n)};c.customElements.get("media-captions-menu-button")||c.customElements.define("media-captions-menu-button",j);var di=__reelShared[9],Pe=di.parseAudioTrackList;var ue=(e,t,i)=>{if(!t.has(e))throw TypeError("Cannot "+i)},Ke=(e,t,i)=>(ue(e,t,"read from private field"),i?i.call(e):t.get(e)),xt=(e,t,i)=>{if(t.has(e))throw TypeError("Cannot add the same private member more than once");t instanceof WeakSet?t.add(e):t.set(e,i)},le=(e,t,i,n)=>(ue(e,t,"write to private field"),n?n.call(e,i):t.set(e,i),i),yt=(e,t,i)=>(ue(e,t,"access private method"),i),tt,Lt,It,he,wt,de,ce=class extends S{constructor(){super(...arguments),xt(this,It),xt(this,wt),xt(this,tt,[]),xt(this,Lt,void 0)}static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_AUDIO_TRACK_LIST,a.MEDIA_AUDIO_TRACK_ENABLED,a.MEDIA_AUDIO_TRACK_UNAVAILABLE]}attributeChangedCallback(t,i,n){super.attributeChangedCallback(t,i,n),t===a.MEDIA_AUDIO_TRACK_ENABLED&&i!==n?this.value=n:t===a.MEDIA_AUDIO_TRACK_LIST&&i!==n&&(le(this,tt,Pe(n??"")),yt(this,It,he).call(this))}connectedCallback(){super.connectedCallback(),this.addEventListener("change",yt(this,wt,de))}disconnectedCallback(){super.disconnectedCallback(),this.removeEventListener("change",yt(this,wt,de))}get anchorElement(){var t;return this.anchor!=="auto"?super.anchorElement:(t=_(this))==null?void 0:t.querySelector("media-audio-track-menu-button")}get mediaAudioTrackList(){return Ke(this,tt)}set mediaAudioTrackList(t){le(this,tt,t),yt(this,It,he).call(this)}get mediaAudioTrackEnabled(){var t;return(t=nt(this,a.MEDIA_AUDIO_TRACK_ENABLED))!=null?t:""}set mediaAudioTrackEnabled(t){at(this,a.MEDIA_AUDIO_TRACK_ENABLED,t)}};tt=new WeakMap;Lt=new WeakMap;It=new WeakSet;he=function(){if(Ke(this,Lt)===JSON.stringify(this.mediaAudioTrackList))return;le(this,Lt,JSON.stringify(this.mediaAudioTrackList));let e=this.mediaAudioTrackList;this.defaultSlot.textContent="",e.sort((t,i)=>t.id.localeCompare(i.id,void 0,{numeric:!0}));for(let t of e){let i=this.formatMenuItemText(t.label,t),n=V({type:"radio",text:i,value:`${t.id}`,checked:t.enabled});n.prepend(B(this,"checked-indicator")),this.defaultSlot.append(n)}};wt=new WeakSet;de=function(){if(this.value==null)return;let e=new c.CustomEvent(q.MEDIA_AUDIO_TRACK_REQUEST,{composed:!0,bubbles:!0,detail:this.value});this.dispatchEvent(e)};c.customElements.get("media-audio-track-menu")||c.customElements.define("media-audio-track-menu",ce);var ci=`<svg aria-hidden="true" viewBox="0 0 24 24">
  <path d="M11 17H9.5V7H11v10Zm-3-3H6.5v-4H8v4Zm6-5h-1.5v6H14V9Zm3 7h-1.5V8H17v8Z"/>
  <path d="M22 12c0 5.523-4.477 10-10 10S2 17.523 2 12 6.477 2 12 2s10 4.477 10 10Zm-2 0a8 8 0 1 0-16 0 8 8 0 0 0 16 0Z"/>
</svg>`;function ui(){return`
    <style>
      :host([aria-expanded="true"]) slot[name=tooltip] {
        display: none;
      }
    </style>
    <slot name="icon">${ci}</slot>
  `}function mi(){return I("Audio")}var qe=e=>{let t=I("Audio");e.setAttribute("aria-label",t)},et=class extends C{static get observedAttributes(){return[...super.observedAttributes,a.MEDIA_AUDIO_TRACK_ENABLED,a.MEDIA_AUDIO_TRACK_UNAVAILABLE]}connectedCallback(){super.connectedCallback(),qe(this)}attributeChangedCallback(t,i,n){super.attributeChangedCallback(t,i,n),t===a.MEDIA_LANG&&qe(this)}get invokeTargetElement(){var t;return this.invokeTarget!=null?super.invokeTargetElement:(t=_(this))==null?void 0:t.querySelector("media-audio-track-menu")}get mediaAudioTrackEnabled(){var t;return(t=nt(this,a.MEDIA_AUDIO_TRACK_ENABLED))!=null?t:""}set mediaAudioTrackEnabled(t){at(this,a.MEDIA_AUDIO_TRACK_ENABLED,t)}};et.getSlotTemplateHTML=ui;et.getTooltipContentHTML=mi;c.customElements.get("media-audio-track-menu-button")||c.customElements.define("media-audio-track-menu-button",et);}
